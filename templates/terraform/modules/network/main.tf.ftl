<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The cluster's dedicated resource group, in spec.location; its name comes from metadata.namespace and metadata.name.
resource "azurerm_resource_group" "this" {
  name     = var.resource_group_name
  location = var.location
<#if tags>
  tags     = var.tags
</#if>
}

# The VNet, from spec.networking.vnetCidr.
resource "azurerm_virtual_network" "this" {
<@hcl.checkovSkips platform.skips.virtualNetwork/>
  name                = var.virtual_network_name
  location            = azurerm_resource_group.this.location
  resource_group_name = azurerm_resource_group.this.name
  address_space       = [var.vnet_cidr]
<#if tags>
  tags                = var.tags
</#if>
}

# The one node subnet every pool shares, from spec.networking.subnetCidr (pods use the overlay range).
resource "azurerm_subnet" "nodes" {
<@hcl.checkovSkips platform.skips.subnet/>
  name                 = var.subnet_name
  resource_group_name  = azurerm_resource_group.this.name
  virtual_network_name = azurerm_virtual_network.this.name
  address_prefixes     = [var.subnet_cidr]
}
