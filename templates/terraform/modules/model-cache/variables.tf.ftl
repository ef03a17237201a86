<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "storage_class_name" {
  type        = string
  description = "Name of the StorageClass; status cache.storageClassName reports it."
  nullable    = false
}
