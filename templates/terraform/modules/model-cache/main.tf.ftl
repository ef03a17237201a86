<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The ReadWriteMany StorageClass ModelCache PVCs use; no spec field sets it, status cache.storageClassName reports it. Azure Files
# Premium over SMB, as upstream Modelplane; mfsymlinks because Hugging Face caches use symlinks.
resource "kubernetes_storage_class_v1" "this" {
  storage_provisioner    = "file.csi.azure.com"
  allow_volume_expansion = true
  mount_options          = ["dir_mode=0777", "file_mode=0777", "uid=0", "gid=0", "mfsymlinks", "cache=strict", "actimeo=30", "nosharesock"]
  parameters = {
    "skuName" = "Premium_LRS"
  }
  reclaim_policy      = "Delete"
  volume_binding_mode = "WaitForFirstConsumer"

  metadata {
    name = var.storage_class_name
  }
}
