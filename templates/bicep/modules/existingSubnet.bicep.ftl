<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// What a cluster on an existing subnet (spec.networking.subnetId) needs there, deployed in the
// subnet's resource group: Network Contributor for the cluster's own (system-assigned, control plane)
// identity on the subnet, and nothing wider. AKS places internal load balancers in the subnet and
// joins its nodes to it with that identity, and only az aks create grants the role by itself; the
// identity exists once the cluster does, and Azure CNI supports it on an existing network. The
// route table associated with the subnet, if any, is read here and passed on: its role is granted by
// routeTableRole.bicep, whose scope comes from that value.

@description('Virtual network of the existing subnet (from spec.networking.subnetId).')
@minLength(${platform.limits.virtualNetworkMin})
@maxLength(${platform.limits.virtualNetwork})
param virtualNetworkName string

@description('Name of the existing subnet (from spec.networking.subnetId).')
@minLength(1)
@maxLength(${platform.limits.subnet})
param subnetName string

@description('Principal ID of the system-assigned identity of the cluster.')
param principalId string

resource vnetExisting 'Microsoft.Network/virtualNetworks@${platform.api.virtualNetworks}' existing = {
  name: virtualNetworkName
}

resource snetExisting 'Microsoft.Network/virtualNetworks/subnets@${platform.api.virtualNetworks}' existing = {
  parent: vnetExisting
  name: subnetName
}

// spec.networking.subnetId: the cluster identity's role on the subnet.
resource raClusterSubnet 'Microsoft.Authorization/roleAssignments@${platform.api.roleAssignments}' = {
  name: guid(snetExisting.id, principalId, '${platform.networkContributorRoleId}')
  scope: snetExisting
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${platform.networkContributorRoleId}')
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}

@description('Resource ID of the existing subnet.')
output subnetId string = snetExisting.id

@description('Resource ID of the route table associated with the existing subnet; empty when it has none.')
output routeTableId string = snetExisting.properties.?routeTable.?id ?? ''
