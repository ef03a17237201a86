<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "subnet_id" {
  type        = string
  description = "Resource ID of the existing subnet (spec.networking.subnetId)."
  nullable    = false
}

variable "principal_id" {
  type        = string
  description = "Principal ID of the cluster's system-assigned identity."
  nullable    = false
}
