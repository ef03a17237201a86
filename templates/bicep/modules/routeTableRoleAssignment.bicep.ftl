<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// Network Contributor for the cluster's own (system-assigned, control plane) identity on the route
// table of its existing subnet, deployed in the route table's resource group, and on nothing wider:
// AKS reads and writes routes there when the table is in another resource group than the
// cluster's, and does not grant itself that permission.

@description('Name of the route table associated with the existing subnet.')
param routeTableName string

@description('Principal ID of the system-assigned identity of the cluster.')
param principalId string

resource rtExisting 'Microsoft.Network/routeTables@${platform.api.virtualNetworks}' existing = {
  name: routeTableName
}

resource raClusterRouteTable 'Microsoft.Authorization/roleAssignments@${platform.api.roleAssignments}' = {
  name: guid(rtExisting.id, principalId, '${platform.networkContributorRoleId}')
  scope: rtExisting
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${platform.networkContributorRoleId}')
    principalId: principalId
    principalType: 'ServicePrincipal'
  }
}
