<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.rootHeader cluster.source/>
// Deploy with: az stack sub create --name ${cluster.names.deploymentStack} --location ${cluster.location} --template-file main.bicep --parameters main.bicepparam --action-on-unmanage deleteResources --deny-settings-mode none --yes
// The stack deletes what leaves this file, such as a removed or renamed pool, but never a resource group.
// Remove the whole cluster with: az stack sub delete --name ${cluster.names.deploymentStack} --action-on-unmanage deleteAll --yes
targetScope = 'subscription'

@description('Azure region of the cluster and all its resources (spec.location).')
@minLength(${platform.bounds["spec.location"].minLength})
@maxLength(${platform.bounds["spec.location"].maxLength})
param location string

@description('Kubernetes version, major.minor or major.minor.patch (spec.kubernetesVersion).')
@minLength(${platform.bounds["spec.kubernetesVersion"].minLength})
@maxLength(${platform.bounds["spec.kubernetesVersion"].maxLength})
param kubernetesVersion string

<#if cluster.network.existingSubnet??>
@description('Resource ID of the existing subnet every node pool uses (spec.networking.subnetId).')
@minLength(1)
param subnetId string
<#else>
@description('Address space of the virtual network, an IPv4 CIDR (spec.networking.vnetCidr).')
@minLength(${platform.limits.cidrMin})
@maxLength(${platform.bounds["spec.networking.vnetCidr"].maxLength})
param vnetCidr string

@description('Address range of the node subnet, an IPv4 CIDR inside vnetCidr (spec.networking.subnetCidr).')
@minLength(${platform.limits.cidrMin})
@maxLength(${platform.bounds["spec.networking.subnetCidr"].maxLength})
param subnetCidr string
</#if>

// Azure names, derived from metadata.namespace, metadata.name and the pool names (see "Naming" in the README).
var resourceGroupName = '${cluster.names.resourceGroup}'
var nodeResourceGroupName = '${cluster.names.nodeResourceGroup}'
<#if cluster.network.existingSubnet??>
// The existing subnet's virtual network and name, from spec.networking.subnetId.
var virtualNetworkName = '${cluster.network.existingSubnet.virtualNetwork}'
var subnetName = '${cluster.network.existingSubnet.subnet}'
<#else>
var virtualNetworkName = '${cluster.names.virtualNetwork}'
var subnetName = '${cluster.names.subnet}'
</#if>
var clusterName = '${cluster.names.cluster}'
var dnsPrefix = '${cluster.names.dnsPrefix}'
var installerIdentityName = '${cluster.names.installerIdentity}'
<#if cluster.tags?has_content>

// spec.tags: on every resource below that Azure can tag, each pool included (AKS does not copy the
// cluster's tags to its pools); subnets and role assignments take none.
var tags = <@lib.map entries=cluster.tags indent=""/>
</#if>

// metadata.namespace, metadata.name: the dedicated resource group.
resource rgMain 'Microsoft.Resources/resourceGroups@${platform.api.resourceGroups}' = {
  name: resourceGroupName
  location: location
<#if cluster.tags?has_content>
  tags: tags
</#if>
}
<#if cluster.components.networkOperator>

// <#list cluster.components.infinibandPools as p>${p.path}<#sep>, </#sep></#list>.fabric InfiniBand: the subscription feature is checked here, never registered (it is subscription-wide).
resource featureInfiniband 'Microsoft.Features/featureProviders/subscriptionFeatureRegistrations@${platform.api.featureRegistrations}' existing = {
  name: '${platform.infinibandFeature.qualifiedName}'
}

// <#list cluster.components.infinibandPools as p>${p.path}<#sep>, </#sep></#list>.fabric InfiniBand: stops the deployment before the cluster is created when the feature is missing.
module modInfinibandFeatureCheck '${modules}/infinibandFeatureCheck.bicep' = {
  name: 'infiniband-feature-check'
  scope: rgMain
  params: {
    featureState: featureInfiniband.properties.state == 'Registered' ? featureInfiniband.properties.state : fail('${platform.infinibandFeature.missingMessage}')
  }
}
</#if>
<#if !cluster.network.existingSubnet??>

// spec.networking: the virtual network and its one node subnet.
module modNetwork '${modules}/network.bicep' = {
  name: 'network'
  scope: rgMain
  params: {
    location: location
    virtualNetworkName: virtualNetworkName
    subnetName: subnetName
    vnetCidr: vnetCidr
    subnetCidr: subnetCidr
<#if cluster.tags?has_content>
    tags: tags
</#if>
  }
}
</#if>

<#if cluster.defaultPool.injected>
// spec.kubernetesVersion: the cluster with its default System pool ${cluster.defaultPool.name}, ${cluster.defaultPool.module.purpose}.
<#else>
// spec.kubernetesVersion, ${cluster.defaultPool.path} (${cluster.defaultPool.name}): the cluster with its default System pool.
</#if>
module modCluster '${modules}/${cluster.privateEndpoint?then("privateCluster", "cluster")}.bicep' = {
  name: 'cluster'
  scope: rgMain
  params: {
    location: location
    clusterName: clusterName
    dnsPrefix: dnsPrefix
    nodeResourceGroupName: nodeResourceGroupName
    kubernetesVersion: kubernetesVersion
    subnetId: ${cluster.network.existingSubnet???then("subnetId", "modNetwork.outputs.subnetId")}
    virtualNetworkName: virtualNetworkName
    subnetName: subnetName
    podCidr: '${cluster.network.podCidr}'
    serviceCidr: '${cluster.network.serviceCidr}'
    dnsServiceIP: '${cluster.network.dnsServiceIp}'
    installerIdentityName: installerIdentityName
    systemPoolName: '${cluster.defaultPool.name}'
    systemPoolVmSize: '${cluster.defaultPool.vmSize}'
    systemPoolOsDiskSizeGB: ${cluster.defaultPool.required.diskSizeGb}
    systemPoolNodeCount: ${cluster.defaultPool.nodeCount}
    systemPoolMinCount: ${cluster.defaultPool.minCount}
    systemPoolMaxCount: ${cluster.defaultPool.maxCount}
    systemPoolAvailabilityZones: <@lib.list values=cluster.defaultPool.zones indent="    "/>
    systemPoolNodeLabels: <@lib.map entries=cluster.defaultPool.labels indent="    "/>
    systemPoolNodeTaints: <@lib.list values=cluster.defaultPool.taints indent="    "/>
<#list cluster.defaultPool.settings as s>
    systemPool${s.setting.name?cap_first}: <@lib.setting s/>
</#list>
<#if cluster.defaultPool.upgradeInYaml>
    systemPoolMaxSurge: <@lib.str cluster.defaultPool.bicepMaxSurge/>
</#if>
<#if cluster.defaultPool.drainTimeoutMinutes??>
    systemPoolDrainTimeoutMinutes: ${cluster.defaultPool.drainTimeoutMinutes}
</#if>
<#if cluster.workloadIdentity>
    workloadIdentity: true
</#if>
<#if cluster.authorizedIpRanges?has_content>
    authorizedIpRanges: <@lib.list values=cluster.authorizedIpRanges indent="    "/>
</#if>
<#if cluster.maintenance??>
    nodeOsUpgradeChannel: <@lib.str cluster.maintenance.nodeOsUpgradeChannel/>
    autoUpgradeDayOfWeek: <@lib.str cluster.maintenance.autoUpgrade.dayOfWeek/>
    autoUpgradeStartTime: <@lib.str cluster.maintenance.autoUpgrade.startTime/>
    autoUpgradeDurationHours: ${cluster.maintenance.autoUpgrade.durationHours?c}
    autoUpgradeUtcOffset: <@lib.str cluster.maintenance.autoUpgrade.utcOffset/>
    nodeOsDayOfWeek: <@lib.str cluster.maintenance.nodeOs.dayOfWeek/>
    nodeOsStartTime: <@lib.str cluster.maintenance.nodeOs.startTime/>
    nodeOsDurationHours: ${cluster.maintenance.nodeOs.durationHours?c}
    nodeOsUtcOffset: <@lib.str cluster.maintenance.nodeOs.utcOffset/>
</#if>
<#if cluster.network.existingSubnet??>
    ownSubnet: false
</#if>
<#if cluster.tags?has_content>
    tags: tags
</#if>
<#if cluster.authentication.entraId>
    entraId: true
    adminGroupObjectIds: <@lib.list values=cluster.authentication.adminGroupObjectIds indent="    "/>
</#if>
  }
<#if cluster.components.networkOperator>
  dependsOn: [
    modInfinibandFeatureCheck
  ]
</#if>
}
<#if cluster.network.existingSubnet??>

// spec.networking.subnetId: the cluster identity's role on the existing subnet, deployed in the
// subnet's resource group (the subnet must be in the cluster's subscription). Other clusters may share
// that group, and of two deployments of one name running there at once only the last completes, so
// this cluster's deployments there carry its namespace and name.
module modExistingSubnet '${modules}/existingSubnet.bicep' = {
  name: '${cluster.network.existingSubnet.deployments.subnetRole}'
  scope: resourceGroup('${cluster.network.existingSubnet.resourceGroup}')
  params: {
    virtualNetworkName: virtualNetworkName
    subnetName: subnetName
    principalId: modCluster.outputs.principalId
  }
}

// The cluster identity's role on the existing subnet's route table, when it has one, deployed in the
// route table's resource group (read from the subnet, so chosen inside the module).
module modRouteTableRole '${modules}/routeTableRole.bicep' = {
  name: '${cluster.network.existingSubnet.deployments.routeTableRole}'
  scope: resourceGroup('${cluster.network.existingSubnet.resourceGroup}')
  params: {
    assignmentDeploymentName: '${cluster.network.existingSubnet.deployments.routeTableRoleAssignment}'
    routeTableId: modExistingSubnet.outputs.routeTableId
    principalId: modCluster.outputs.principalId
  }
}
</#if>
<#list cluster.additionalPools as pool>

// ${pool.path} (${pool.name}): ${pool.module.purpose}.
module ${pool.module.bicepSymbol} '${modules}/${pool.module.bicepFile}' = {
  name: 'pool-${pool.name}'
  scope: rgMain
  params: {
    clusterName: modCluster.outputs.clusterName
    subnetId: ${cluster.network.existingSubnet???then("subnetId", "modNetwork.outputs.subnetId")}
    kubernetesVersion: kubernetesVersion
    poolName: '${pool.name}'
    vmSize: '${pool.vmSize}'
    osDiskSizeGB: ${pool.required.diskSizeGb}
    nodeCount: ${pool.nodeCount}
    minCount: ${pool.minCount}
    maxCount: ${pool.maxCount}
    availabilityZones: <@lib.list values=pool.zones indent="    "/>
    nodeLabels: <@lib.map entries=pool.labels indent="    "/>
    nodeTaints: <@lib.list values=pool.taints indent="    "/>
    mode: '${pool.mode}'
    gpuDriver: '${pool.gpuDriver}'
<#list pool.settings as s>
    ${s.setting.name}: <@lib.setting s/>
</#list>
<#if pool.migProfile??>
    gpuInstanceProfile: <@lib.str pool.migProfile/>
</#if>
<#if pool.spot>
    scaleSetEvictionPolicy: '${pool.evictionPolicy}'
    spotMaxPrice: '${pool.spotMaxPrice}'
<#else>
    maxSurge: <@lib.str pool.bicepMaxSurge/>
<#if pool.maxUnavailable??>
    maxUnavailable: <@lib.str pool.maxUnavailable/>
</#if>
<#if pool.drainTimeoutMinutes??>
    drainTimeoutInMinutes: ${pool.drainTimeoutMinutes}
</#if>
</#if>
<#if cluster.tags?has_content>
    tags: tags
</#if>
  }
<#if pool.after?has_content>
  dependsOn: [
    ${pool.after[0]}
  ]
</#if>
}
</#list>
// status.cache.storageClassName: the ReadWriteMany StorageClass for ModelCache; spec.nodePools[i].fabric:
<#if cluster.components.networkOperator>
// the NVIDIA network operator and its NicClusterPolicy for <#list cluster.components.infinibandPools as p>${p.path}<#sep>, </#sep></#list> (fabric InfiniBand).
<#else>
// no pool has fabric InfiniBand, so the NVIDIA network operator and its NicClusterPolicy are removed if present.
</#if>
module modInClusterComponents '${modules}/inClusterComponents.bicep' = {
  name: 'in-cluster-components'
  scope: rgMain
  params: {
    location: location
    clusterName: modCluster.outputs.clusterName
    installerIdentityId: modCluster.outputs.installerIdentityId
    storageClassName: '${cluster.storageClassName}'
    command: '${cluster.runCommand.attachedCommand}'
    manifests: '${cluster.runCommand.attachedFiles}'
<#if cluster.tags?has_content>
    tags: tags
</#if>
  }
}

@description('Name of the dedicated resource group.')
output resourceGroupName string = rgMain.name

@description('Name of the AKS cluster.')
output clusterName string = modCluster.outputs.clusterName

@description('The resource group AKS keeps the nodes in.')
output nodeResourceGroupName string = modCluster.outputs.nodeResourceGroupName

@description('ReadWriteMany StorageClass for ModelCache PVCs (status.cache.storageClassName).')
output cacheStorageClassName string = modInClusterComponents.outputs.storageClassName

<#if cluster.authentication.entraId>
// No kubeconfig output: the cluster has no local account (spec.authentication EntraID). Sign in with
// Microsoft Entra ID: az aks get-credentials, then kubelogin convert-kubeconfig --login azurecli.
<#else>
@description('Admin kubeconfig of the cluster (client certificate of the local admin account). Secure: kept out of deployment history.')
@secure()
output kubeconfig string = modCluster.outputs.kubeconfig
</#if>
