<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// A further System pool (spec.nodePools[i] with role System, after the first) as an agentPools
// child, so that it can be added, changed and deleted on its own.
// vmSize, osDiskSizeGB, availabilityZones cannot change on an existing pool: AKS refuses the
// PUT, and modelplane diff reports such an edit as refused. To change one, add a pool under a new
// name with the new settings and deploy; cordon and drain the old pool's nodes (kubectl cordon,
// kubectl drain --ignore-daemonsets --delete-emptydir-data); then remove the old pool from the
// YAML and deploy again: the deployment stack deletes the pool that left the template.

<@lib.poolParamDeclarations/>

// spec.nodePools[i] (role System)
resource poolSystem 'Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClusters}' = {
  parent: aksMain
  name: poolName
  properties: {
    mode: 'System'
<@lib.poolProperties params=platform.poolModuleParameters indent="    "/>
    // Sent, not omitted: a pool that was a GPU pool keeps AKS's driver otherwise, and AKS refuses
    // to change the driver of an existing pool, as modelplane diff says for a GPU to System change.
    gpuProfile: {
      driver: '${platform.gpuDriverNone}'
    }
  }
}

@description('Name of the pool.')
output poolName string = poolSystem.name
