<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The subscription Terraform runs against, for the feature check below (spec.nodePools[i].fabric InfiniBand).
data "azurerm_client_config" "current" {}

# spec.nodePools[i].fabric InfiniBand needs the subscription feature ${platform.infinibandFeature.namespace}/${platform.infinibandFeature.name}.
# It is subscription-wide, so this module only reads it and fails the plan when it is not registered;
# it never owns it (destroying one cluster must not unregister it for every other).
data "azapi_resource" "infiniband_feature" {
  type                   = "Microsoft.Features/featureProviders/subscriptionFeatureRegistrations@${platform.api.featureRegistrations}"
  name                   = "${platform.infinibandFeature.name}"
  parent_id              = "/subscriptions/<#noparse>${data.azurerm_client_config.current.subscription_id}</#noparse>/providers/Microsoft.Features/featureProviders/${platform.infinibandFeature.namespace}"
  ignore_not_found       = true
  response_export_values = ["properties.state"]

  lifecycle {
    postcondition {
      condition     = self.exists && try(self.output.properties.state, "") == "Registered"
      error_message = "${platform.infinibandFeature.missingMessage}"
    }
  }
}

# The operator's own namespace, for spec.nodePools[i].fabric InfiniBand; its DaemonSets load kernel
# modules, so it must be privileged.
resource "kubernetes_namespace_v1" "this" {
  metadata {
    name = "${platform.networkOperatorNamespace}"
    labels = {
      "pod-security.kubernetes.io/enforce" = "${platform.networkOperatorNamespaceEnforce}"
    }
  }
}

# The NVIDIA network operator (pinned chart), for spec.nodePools[i].fabric InfiniBand. Its node-feature-discovery workers tolerate the GPU
# taint so that GPU nodes get the labels the operator picks driver images by.
resource "helm_release" "network_operator" {
  name       = "${platform.networkOperatorChart}"
  chart      = "${platform.networkOperatorChart}"
  namespace  = kubernetes_namespace_v1.this.metadata[0].name
  repository = "${platform.nvidiaHelmRepository}"
  timeout    = ${platform.networkOperatorTimeoutSeconds}
  version    = "${platform.networkOperatorVersion}"
  wait       = true
  values = [yamlencode({
    "node-feature-discovery" = {
      "worker" = {
        "tolerations" = [{ "key" = var.gpu_taint_key, "operator" = "Exists", "effect" = "NoSchedule" }]
      }
    }
  })]
}

# The NicClusterPolicy that exposes RDMA devices to pods on spec.nodePools[i] with fabric InfiniBand (chart values no longer create it since
# network-operator 24.10): a small local chart holding only that object, released after the operator has installed its CRDs.
resource "helm_release" "nic_cluster_policy" {
  name      = "nic-cluster-policy"
  chart     = "<#noparse>${path.module}</#noparse>/charts/nic-cluster-policy"
  namespace = kubernetes_namespace_v1.this.metadata[0].name
  wait      = true

  depends_on = [helm_release.network_operator]
}
