<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The existing subnet spec.networking.subnetId names, read by its ID for the route table associated
# with it (properties.routeTable.id, absent when none).
data "azapi_resource" "subnet" {
  type                   = "Microsoft.Network/virtualNetworks/subnets@${platform.api.virtualNetworks}"
  resource_id            = var.subnet_id
  response_export_values = ["properties.routeTable.id"]
}

# The subscription Terraform runs against, which is the subnet's (AKS takes an existing virtual
# network only in the cluster's subscription): the role definition id below is read back with it.
data "azurerm_client_config" "current" {}

# Network Contributor for the cluster's own (system-assigned, control plane) identity on the subnet's
# route table, when it has one, and on nothing wider: AKS needs to read and write routes there when the
# table is in another resource group than the cluster's, and does not grant itself that permission. It
# exists once the cluster does; the role on the subnet itself is the cluster module's.
resource "azurerm_role_assignment" "route_table_network_contributor" {
  for_each = toset(compact([try(data.azapi_resource.subnet.output.properties.routeTable.id, "")]))

  scope              = each.value
  role_definition_id = "/subscriptions/<#noparse>${data.azurerm_client_config.current.subscription_id}</#noparse>/providers/Microsoft.Authorization/roleDefinitions/${platform.networkContributorRoleId}"
  principal_id       = var.principal_id
  principal_type     = "ServicePrincipal"
}
