<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
<#macro component name c values when after="">
resource "kubernetes_namespace_v1" "${name}" {
<#if when?has_content>
  count = ${when?no_esc} ? 1 : 0

</#if>
  metadata {
    name = "${c.namespace.name}"
    labels = {
<#list c.namespace.labels as label>
      "${label.key}" = "${label.value}"
</#list>
    }
  }
}
<#if c.quota??>

# Admits the release's system-node-critical pods where the API server limits critical priority classes to
# namespaces with a matching quota (GKE does; AKS is not known to); harmless elsewhere. Upstream Modelplane
# adds the same one.
resource "kubernetes_resource_quota_v1" "${name}" {
<#if when?has_content>
  count = ${when?no_esc} ? 1 : 0

</#if>
  metadata {
    name      = "${c.quota.name}"
    namespace = kubernetes_namespace_v1.${name}<#if when?has_content>[0]</#if>.metadata[0].name
  }

  spec {
    hard = {
      pods = "${c.quota.pods?c}"
    }

    scope_selector {
      match_expression {
        scope_name = "PriorityClass"
        operator   = "In"
        values     = <@hcl.list c.quota.priorityClasses/>
      }
    }
  }
}
</#if>

# atomic and cleanup_on_fail roll a failed install or upgrade back, so the next apply can retry under the
# same name; upgrade_install adopts a release of the same name already in the cluster.
resource "helm_release" "${name}" {
<#if when?has_content>
  count = ${when?no_esc} ? 1 : 0

</#if>
  name       = "${c.release.name}"
  chart      = "${c.release.chart}"
  namespace  = kubernetes_namespace_v1.${name}<#if when?has_content>[0]</#if>.metadata[0].name
  repository = "${c.release.repository}"
  timeout    = ${c.release.timeoutSeconds?c}
  version    = "${c.release.version}"
  wait       = true

  atomic          = true
  cleanup_on_fail = true
  upgrade_install = true
  values          = [file("<#noparse>${path.module}</#noparse>/${values}")]
<#if c.quota?? || after?has_content>

  depends_on = [<#if c.quota??>kubernetes_resource_quota_v1.${name}</#if><#if c.quota?? && after?has_content>, </#if><#if after?has_content>${after?no_esc}</#if>]
</#if>
}
</#macro>
# Node feature discovery, in both stacks: its workers label GPU nodes
# ${gpuNodeLabel}, which the DRA driver's kubelet plugin and the device plugin select
# by default. They tolerate the GPU taint and the AKS spot taint (the chart's workers tolerate nothing). On
# InfiniBand clusters it also serves the network operator.
<@component name="node_feature_discovery" c=nodeFeatureDiscovery values="node-feature-discovery.values.yaml" when=""/>

# stack DRA: the NVIDIA DRA driver. GPUs bind to pods through ResourceClaims of DeviceClass ${deviceClass};
# the driver root is the host's (AKS installs the driver on the node), ComputeDomains are off. After node
# feature discovery, whose labels place its kubelet plugin.
<@component name="dra_driver" c=draDriver values="dra-driver-nvidia-gpu.values.yaml" when="var.stack == \"DRA\"" after="helm_release.node_feature_discovery"/>

# stack DevicePlugin: the NVIDIA device plugin. Pods request ${devicePluginResource}; it never runs beside the DRA
# driver, which would hand out the same GPUs. After node feature discovery, whose labels place it.
<@component name="device_plugin" c=devicePlugin values="nvidia-device-plugin.values.yaml" when="var.stack == \"DevicePlugin\"" after="helm_release.node_feature_discovery"/>
