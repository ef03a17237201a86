<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
output "storage_class_name" {
  description = "Name of the ReadWriteMany StorageClass."
  value       = kubernetes_storage_class_v1.this.metadata[0].name
}
