<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "location" {
  type        = string
  description = "Azure region (spec.location)."
  nullable    = false
}

variable "resource_group_name" {
  type        = string
  description = "Name of the cluster's dedicated resource group."
  nullable    = false
}
<#if tags>

variable "tags" {
  type        = map(string)
  description = "Azure tags of the resource group (spec.tags)."
  default     = {}
  nullable    = false
}
</#if>
