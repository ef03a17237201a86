<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The operator's own namespace, for spec.nodePools[i].fabric InfiniBand; its DaemonSets load kernel
# modules, so it must be privileged.
resource "kubernetes_namespace_v1" "this" {
  metadata {
    name = "${namespace.name}"
    labels = {
<#list namespace.labels as label>
      "${label.key}" = "${label.value}"
</#list>
    }
  }
}

# The NVIDIA network operator (pinned chart), for spec.nodePools[i].fabric InfiniBand. Its values
# (network-operator.values.yaml) make its node-feature-discovery workers tolerate the GPU taint, so that
# GPU nodes get the labels the operator picks driver images by; where the GPU stack runs node feature
# discovery, network-operator.external-nfd.values.yaml turns the operator's own copy off instead.
# atomic and cleanup_on_fail roll a failed install or upgrade back, so the next apply can retry under the
# same name; upgrade_install adopts a release of the same name already in the cluster ("helm upgrade
# --install").
resource "helm_release" "network_operator" {
  name       = "${release.name}"
  chart      = "${release.chart}"
  namespace  = kubernetes_namespace_v1.this.metadata[0].name
  repository = "${release.repository}"
  timeout    = ${release.timeoutSeconds}
  version    = "${release.version}"
  wait       = true

  atomic          = true
  cleanup_on_fail = true
  upgrade_install = true
  values          = [file("<#noparse>${path.module}/${var.values_file}</#noparse>")]
}

# The NicClusterPolicy that exposes RDMA devices to pods on spec.nodePools[i] with fabric InfiniBand (chart values no longer create it since
# network-operator 24.10): a small local chart holding only that object, released after the operator has installed its CRDs.
# The helm provider compares a local chart by its version only, so the version carries a digest of the
# policy: a changed policy is a planned upgrade. It is set here too, because with upgrade_install an
# unset version is planned as the installed one. atomic, cleanup_on_fail and upgrade_install as above.
resource "helm_release" "nic_cluster_policy" {
  name      = "nic-cluster-policy"
  chart     = "<#noparse>${path.module}</#noparse>/charts/nic-cluster-policy"
  namespace = kubernetes_namespace_v1.this.metadata[0].name
  version   = "${policyChartVersion}"
  wait      = true

  atomic          = true
  cleanup_on_fail = true
  upgrade_install = true

  depends_on = [helm_release.network_operator]
}
