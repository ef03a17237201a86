<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The ReadWriteMany StorageClass ModelCache PVCs use; no spec field sets it, status cache.storageClassName reports it. Azure Files
# Premium over SMB, as upstream Modelplane; mfsymlinks because Hugging Face caches use symlinks.
resource "kubernetes_storage_class_v1" "this" {
  storage_provisioner    = "${platform.cache.provisioner}"
  allow_volume_expansion = ${platform.cache.allowVolumeExpansion?c}
  mount_options          = <@hcl.list platform.cache.mountOptions/>
  parameters = {
    "protocol" = "${platform.cache.protocol}"
    "skuName"  = "${platform.cache.skuName}"
  }
  reclaim_policy      = "${platform.cache.reclaimPolicy}"
  volume_binding_mode = "${platform.cache.volumeBindingMode}"

  metadata {
    name = var.storage_class_name
  }
}
