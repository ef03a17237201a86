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
}
