<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// The cluster identity's role on the route table associated with an existing subnet
// (spec.networking.subnetId), when it has one. The route table's resource group is only known by
// reading the subnet during the deployment, and a module's scope must be known when its deployment
// starts (BCP120); a parameter of this module is, so the module below takes its scope from it.

@description('Name of the deployment that grants the role in the route table\'s resource group: one per cluster, as other clusters may share that group.')
@minLength(1)
@maxLength(${platform.limits.deployment})
param assignmentDeploymentName string

@description('Resource ID of the route table associated with the existing subnet; empty when it has none.')
param routeTableId string

@description('Principal ID of the system-assigned identity of the cluster.')
param principalId string

// The module is skipped without a route table; the ternaries keep its scope and name from indexing
// an empty ID all the same.
module modRouteTableRoleAssignment 'routeTableRoleAssignment.bicep' = if (!empty(routeTableId)) {
  name: assignmentDeploymentName
  scope: resourceGroup(empty(routeTableId) ? subscription().subscriptionId : split(routeTableId, '/')[2], empty(routeTableId) ? resourceGroup().name : split(routeTableId, '/')[4])
  params: {
    routeTableName: empty(routeTableId) ? '' : last(split(routeTableId, '/'))
    principalId: principalId
  }
}
