<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# The subscription comes from ARM_SUBSCRIPTION_ID (or the Azure CLI login); nothing here names it.
# azurerm 5.x registers no resource provider by default; "legacy" registers the set azurerm 4.x
# registered, which includes Microsoft.ContainerService and Microsoft.Network.
provider "azurerm" {
  resource_provider_registrations = "legacy"
  features {}
}

# Reads the subscription feature registration InfiniBand pools need (read only; see main.tf). Always
# configured, so that switching InfiniBand on or off never changes this root's providers.
provider "azapi" {}
