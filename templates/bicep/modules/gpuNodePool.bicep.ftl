<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// One GPU pool (spec.nodePools[i] with role GPU) as an agentPools child, so that it can be added,
// changed and deleted on its own. AKS installs the NVIDIA driver; the GPU taint keeps other work off.
// vmSize, osDiskSizeGB, availabilityZones and the GPU driver cannot change on an existing pool:
// AKS refuses the PUT, and modelplane diff reports such an edit as refused. To change one, add a
// pool under a new name with the new settings and deploy; cordon and drain the old pool's nodes
// (kubectl cordon, kubectl drain --ignore-daemonsets --delete-emptydir-data); then remove the old
// pool from the YAML and deploy again: the deployment stack deletes the pool that left the template.

<@lib.poolParamDeclarations/>

// spec.nodePools[i] (role GPU)
resource poolGpu 'Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClusters}' = {
  parent: aksMain
  name: poolName
  properties: {
    mode: 'User'
<@lib.poolProperties params=platform.poolModuleParameters indent="    " gpu=true/>
    gpuProfile: {
      driver: 'Install'
    }
  }
}

@description('Name of the pool.')
output poolName string = poolGpu.name
