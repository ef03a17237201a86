<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The cluster's dedicated resource group, in spec.location, for a cluster on an existing subnet
# (spec.networking.subnetId), which gets no network of its own; its name comes from
# metadata.namespace and metadata.name.
resource "azurerm_resource_group" "this" {
  name     = var.resource_group_name
  location = var.location
<#if tags>
  tags     = var.tags
</#if>
}
