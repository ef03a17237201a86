<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
<#if spotPool>
// A further GPU pool on Azure Spot VMs (spec.nodePools[i] with priority Spot): the agent pool module
// with scaleSetPriority Spot, its eviction policy and max price, and no upgrade settings (AKS upgrades
// Spot pools without surge nodes). Priority, eviction policy and max price cannot change on an
// existing pool: AKS refuses the PUT, and modelplane diff reports such an edit as refused.
</#if>
// One further pool (spec.nodePools[i] after the first System pool) as an agentPools child, so that
// it can be added, changed and deleted on its own, whatever its role: a GPU pool (mode User, the
// AKS-managed NVIDIA driver, the GPU taint) or a further System pool (mode System, no driver).
// vmSize, osDiskSizeGB, availabilityZones and the GPU driver cannot change on an existing pool:
// AKS refuses the PUT, and modelplane diff reports such an edit as refused. To change one, add a
// pool under a new name with the new settings and deploy; cordon and drain the old pool's nodes
// (kubectl cordon, kubectl drain --ignore-daemonsets --delete-emptydir-data); then remove the old
// pool from the YAML and deploy again: the deployment stack deletes the pool that left the template.
// Nullable parameters (type?) need Bicep 0.21.1 or newer; see docs/bicep-output.md.

@description('Name of the existing managed cluster.')
@minLength(1)
@maxLength(${platform.limits.clusterName})
param clusterName string

@description('Resource ID of the node subnet.')
param subnetId string

@description('Kubernetes version of the pool, the cluster version (spec.kubernetesVersion).')
@minLength(${platform.bounds["spec.kubernetesVersion"].minLength})
@maxLength(${platform.bounds["spec.kubernetesVersion"].maxLength})
param kubernetesVersion string

@description('Pool name (spec.nodePools[i].name).')
@minLength(1)
@maxLength(${platform.limits.poolName})
param poolName string

@description('AKS pool mode: System for a System pool, User for a GPU pool (spec.nodePools[i].role).')
@allowed([
  'System'
  'User'
])
param mode string

@description('VM size (spec.nodePools[i].vmSize).')
@minLength(${platform.bounds["spec.nodePools[].vmSize"].minLength})
@maxLength(${platform.bounds["spec.nodePools[].vmSize"].maxLength})
param vmSize string

@description('OS disk size in GB (spec.nodePools[i].diskSizeGb; AKS allows at most ${platform.bounds["spec.nodePools[].diskSizeGb"].maximum}).')
@minValue(${platform.bounds["spec.nodePools[].diskSizeGb"].minimum})
@maxValue(${platform.bounds["spec.nodePools[].diskSizeGb"].maximum})
param osDiskSizeGB int

@description('Initial node count (spec.nodePools[i].nodeCount); the autoscaler owns the count afterwards.')
@minValue(${platform.limits.nodeCountMin})
@maxValue(${platform.bounds["spec.nodePools[].nodeCount"].maximum})
param nodeCount int

@description('Autoscaler minimum (spec.nodePools[i].minNodeCount, 1 when omitted).')
@minValue(${platform.limits.nodeCountMin})
@maxValue(${platform.bounds["spec.nodePools[].minNodeCount"].maximum})
param minCount int

@description('Autoscaler maximum (spec.nodePools[i].maxNodeCount).')
@minValue(${platform.limits.nodeCountMin})
@maxValue(${platform.bounds["spec.nodePools[].maxNodeCount"].maximum})
param maxCount int

@description('Availability zones (spec.nodePools[i].zones); empty for none.')
@maxLength(${platform.bounds["spec.nodePools[].zones"].maxItems})
param availabilityZones string[]

@description('Node labels, as Modelplane derives them.')
param nodeLabels object

@description('Node taints, as key=value:Effect.')
param nodeTaints string[]

@description('GPU driver: Install on GPU pools (AKS installs the NVIDIA driver); None on System pools, sent rather than left out, because a pool that was a GPU pool keeps the driver otherwise and AKS refuses to change the driver of an existing pool (modelplane diff says so for a GPU to System change).')
@allowed([
  'Install'
  'None'
])
param gpuDriver string

<#if spotPool>
@description('What happens to an evicted Spot node: Delete. Fixed when the pool is created.')
@allowed([
  'Delete'
  'Deallocate'
])
param scaleSetEvictionPolicy string

@description('Most the pool pays per node and hour in US dollars, as a decimal string (spec.nodePools[i].spotMaxPrice); -1 pays up to the regular price. Fixed when the pool is created.')
@minLength(1)
param spotMaxPrice string
<#else>
@description('Upgrade surge: 0 on GPU pools, never a surge GPU VM; a share of the pool on System pools.')
@minLength(1)
param maxSurge string

@description('Nodes upgraded at once, in place: 1 on GPU pools; null on System pools, which surge instead (AKS refuses maxUnavailable on System pools).')
param maxUnavailable string?
<#if upgradeSettings>

@description('Minutes AKS waits for the pods of a node to be evicted during an upgrade (spec.nodePools[i].upgrade.drainTimeoutMinutes); null leaves the AKS default.')
@minValue(${platform.bounds["spec.nodePools[].upgrade.drainTimeoutMinutes"].minimum})
@maxValue(${platform.bounds["spec.nodePools[].upgrade.drainTimeoutMinutes"].maximum})
param drainTimeoutInMinutes int?
</#if>
</#if>
<#if migProfile>

@description('Multi-Instance GPU profile (spec.nodePools[i].gpu.migProfile); null for whole GPUs. Fixed when the pool is created.')
@allowed([
  'MIG1g'
  'MIG2g'
  'MIG3g'
  'MIG4g'
  'MIG7g'
])
param gpuInstanceProfile string?
</#if>
<#list settings as s>

@description('${s.description}')
<#if s.allowed?has_content>
@allowed([
<#list s.allowed as value>
  '${value}'
</#list>
])
</#if>
param ${s.name} ${s.bicepType}?
</#list>
<#if tags>

@description('Azure tags of the pool (spec.tags): AKS does not copy the cluster tags to it.')
param tags object = {}
</#if>

// The cluster the pool joins.
resource aksMain 'Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}' existing = {
  name: clusterName
}

// spec.nodePools[i]
resource pool 'Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClusters}' = {
  parent: aksMain
  name: poolName
  properties: {
    mode: mode
    type: 'VirtualMachineScaleSets'
    osType: 'Linux'
    vmSize: vmSize
    osDiskSizeGB: osDiskSizeGB
    osDiskType: 'Managed'
<#list settings as s>
    ${s.armProperty}: ${s.name}
</#list>
    maxPods: ${platform.maxPods}
    orchestratorVersion: kubernetesVersion
    vnetSubnetID: subnetId
    count: nodeCount
    enableAutoScaling: true
    minCount: minCount
    maxCount: maxCount
    availabilityZones: availabilityZones
    nodeLabels: nodeLabels
    nodeTaints: nodeTaints
<#if tags>
    tags: tags
</#if>
<#if spotPool>
    // Spot: AKS upgrades the pool without surge nodes; the ARM type holds the price as an integer,
    // json() gives it its decimals.
    scaleSetPriority: 'Spot'
    scaleSetEvictionPolicy: scaleSetEvictionPolicy
    spotMaxPrice: json(spotMaxPrice)
<#else>
    upgradeSettings: {
      maxSurge: maxSurge
      maxUnavailable: maxUnavailable
<#if upgradeSettings>
      drainTimeoutInMinutes: drainTimeoutInMinutes
</#if>
    }
</#if>
<#if migProfile>
    gpuInstanceProfile: gpuInstanceProfile
</#if>
    gpuProfile: {
      driver: gpuDriver
    }
  }
}

@description('Name of the pool.')
output poolName string = pool.name
