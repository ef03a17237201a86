<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// A further System pool (spec.nodePools[i] with role System, after the first) as an agentPools
// child, so that it can be added, changed and deleted on its own.

<@lib.poolParamDeclarations/>

// spec.nodePools[i] (role System)
resource poolSystem 'Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClusters}' = {
  parent: aksMain
  name: poolName
  properties: {
    mode: 'System'
<@lib.poolProperties params=platform.poolModuleParameters indent="    "/>
  }
}

@description('Name of the pool.')
output poolName string = poolSystem.name
