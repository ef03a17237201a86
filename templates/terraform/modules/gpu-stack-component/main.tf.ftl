<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The release's own namespace, privileged: its DaemonSet mounts host paths.
resource "kubernetes_namespace_v1" "this" {
  metadata {
    name = "${component.namespace.name}"
    labels = {
<#list component.namespace.labels as label>
      "${label.key}" = "${label.value}"
</#list>
    }
  }
}
<#if component.quota??>

# Admits the release's system-node-critical pods where the API server limits critical priority classes to
# namespaces with a matching quota (GKE does; AKS is not known to); harmless elsewhere. Upstream Modelplane
# adds the same one.
resource "kubernetes_resource_quota_v1" "this" {
  metadata {
    name      = "${component.quota.name}"
    namespace = kubernetes_namespace_v1.this.metadata[0].name
  }

  spec {
    hard = {
      pods = "${component.quota.pods?c}"
    }

    scope_selector {
      match_expression {
        scope_name = "PriorityClass"
        operator   = "In"
        values     = <@hcl.list component.quota.priorityClasses/>
      }
    }
  }
}
</#if>

# The pinned chart with the values in values.yaml. atomic and cleanup_on_fail roll a failed install or
# upgrade back, so the next apply can retry under the same name; upgrade_install adopts a release of the
# same name already in the cluster ("helm upgrade --install").
resource "helm_release" "this" {
  name       = "${component.release.name}"
  chart      = "${component.release.chart}"
  namespace  = kubernetes_namespace_v1.this.metadata[0].name
  repository = "${component.release.repository}"
  timeout    = ${component.release.timeoutSeconds?c}
  version    = "${component.release.version}"
  wait       = true

  atomic          = true
  cleanup_on_fail = true
  upgrade_install = true
  values          = [file("<#noparse>${path.module}</#noparse>/values.yaml")]
<#if component.quota??>

  depends_on = [kubernetes_resource_quota_v1.this]
</#if>
}
