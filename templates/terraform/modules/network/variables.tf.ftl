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

variable "virtual_network_name" {
  type        = string
  description = "Name of the VNet."
  nullable    = false
}

variable "vnet_cidr" {
  type        = string
  description = "Address space of the VNet (spec.networking.vnetCidr)."
  nullable    = false
}

variable "subnet_name" {
  type        = string
  description = "Name of the node subnet."
  nullable    = false
}

variable "subnet_cidr" {
  type        = string
  description = "Address range of the node subnet (spec.networking.subnetCidr)."
  nullable    = false
}
<#if tags>

variable "tags" {
  type        = map(string)
  description = "Azure tags of the resource group and the VNet (spec.tags); subnets take none."
  default     = {}
  nullable    = false
}
</#if>
