<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// One GPU pool (spec.nodePools[i] with role GPU) as an agentPools child, so that it can be added,
// changed and deleted on its own. AKS installs the NVIDIA driver; the GPU taint keeps other work off.

<@lib.poolParamDeclarations/>

// spec.nodePools[i] (role GPU)
resource poolGpu 'Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClusters}' = {
  parent: aksMain
  name: poolName
  properties: {
    mode: 'User'
<@lib.poolProperties params=platform.poolModuleParameters indent="    "/>
    gpuProfile: {
      driver: 'Install'
    }
  }
}

@description('Name of the pool.')
output poolName string = poolGpu.name
