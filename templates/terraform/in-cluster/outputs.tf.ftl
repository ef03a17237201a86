<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
output "cache_storage_class_name" {
  description = "ReadWriteMany StorageClass for ModelCache PVCs (status cache.storageClassName)."
  value       = module.model_cache.storage_class_name
}
