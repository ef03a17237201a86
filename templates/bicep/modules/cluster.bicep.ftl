<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<#macro maintenanceWindow window prefix>
    maintenanceWindow: {
      schedule: {
        weekly: {
          intervalWeeks: ${window.intervalWeeks}
<#if maintenance>
          dayOfWeek: ${prefix}DayOfWeek
<#else>
          dayOfWeek: '${window.dayOfWeek}'
</#if>
        }
      }
<#if maintenance>
      durationHours: ${prefix}DurationHours
      utcOffset: ${prefix}UtcOffset
      startTime: ${prefix}StartTime
<#else>
      durationHours: ${window.durationHours}
      utcOffset: '${window.utcOffset}'
      startTime: '${window.startTime}'
</#if>
    }
</#macro>
<#macro windowParams window prefix what field>

@description('Day the ${what} window starts (spec.maintenance).')
@allowed([
  'Monday'
  'Tuesday'
  'Wednesday'
  'Thursday'
  'Friday'
  'Saturday'
  'Sunday'
])
param ${prefix}DayOfWeek string = '${window.dayOfWeek}'

@description('Start of the ${what} window, HH:mm in its UTC offset (spec.maintenance).')
param ${prefix}StartTime string = '${window.startTime}'

@description('Length of the ${what} window in hours (spec.maintenance).')
@minValue(${platform.bounds["spec.maintenance." + field + ".durationHours"].minimum})
@maxValue(${platform.bounds["spec.maintenance." + field + ".durationHours"].maximum})
param ${prefix}DurationHours int = ${window.durationHours}

@description('UTC offset of the ${what} window, +HH:mm or -HH:mm (spec.maintenance).')
param ${prefix}UtcOffset string = '${window.utcOffset}'
</#macro>
<@lib.moduleHeader/>
// The AKS cluster with its default System pool (the first System pool of spec.nodePools, or the
// default pool upstream Modelplane injects when the spec has none), and the
// identity the in-cluster deployment script uses through the AKS run command. That identity holds a
// custom role on this cluster only, with exactly the actions the run command needs (read the
// cluster, run a command, read its result): no Cluster Admin Role, so it cannot list admin
// credentials. The principal that deploys the stack therefore needs, besides creating the
// resources (Contributor), Microsoft.Authorization/roleDefinitions/write and /delete on the
// resource group (the stack deletes the role with the cluster) and roleAssignments/write and
// /delete on the cluster and the node subnet, which Owner, or Contributor plus User Access
// Administrator, give.

@description('Azure region (spec.location).')
@minLength(${platform.bounds["spec.location"].minLength})
@maxLength(${platform.bounds["spec.location"].maxLength})
param location string

@description('Name of the managed cluster.')
@minLength(1)
@maxLength(${platform.limits.clusterName})
param clusterName string

@description('DNS prefix of the API server.')
@minLength(1)
@maxLength(${platform.limits.dnsPrefix})
param dnsPrefix string

@description('Resource group AKS creates for the nodes, set explicitly so that it stays within ${platform.limits.nodeResourceGroup} characters.')
@minLength(1)
@maxLength(${platform.limits.nodeResourceGroup})
param nodeResourceGroupName string

@description('Kubernetes version (spec.kubernetesVersion).')
@minLength(${platform.bounds["spec.kubernetesVersion"].minLength})
@maxLength(${platform.bounds["spec.kubernetesVersion"].maxLength})
param kubernetesVersion string

@description('Resource ID of the node subnet.')
param subnetId string

@description('Name of the virtual network of the node subnet, in this resource group.')
@minLength(${platform.limits.virtualNetworkMin})
@maxLength(${platform.limits.virtualNetwork})
param virtualNetworkName string

@description('Name of the node subnet.')
@minLength(1)
@maxLength(${platform.limits.subnet})
param subnetName string

@description('Azure CNI overlay pod range, fixed by Modelplane.')
param podCidr string

@description('Service range, fixed by Modelplane so that it never overlaps the virtual network.')
param serviceCidr string

@description('Cluster DNS service address inside serviceCidr.')
param dnsServiceIP string

@description('Name of the user-assigned identity that runs in-cluster installs through the AKS run command.')
@minLength(${platform.limits.identityMin})
@maxLength(${platform.limits.identity})
param installerIdentityName string

@description('Default System pool name (spec.nodePools[i].name of the first System pool, or the pool upstream Modelplane injects when the spec has none).')
@minLength(1)
@maxLength(${platform.limits.poolName})
param systemPoolName string

@description('Default System pool VM size (spec.nodePools[i].vmSize).')
@minLength(${platform.bounds["spec.nodePools[].vmSize"].minLength})
@maxLength(${platform.bounds["spec.nodePools[].vmSize"].maxLength})
param systemPoolVmSize string

@description('Default System pool OS disk size in GB (spec.nodePools[i].diskSizeGb; AKS allows at most ${platform.bounds["spec.nodePools[].diskSizeGb"].maximum}).')
@minValue(${platform.bounds["spec.nodePools[].diskSizeGb"].minimum})
@maxValue(${platform.bounds["spec.nodePools[].diskSizeGb"].maximum})
param systemPoolOsDiskSizeGB int

@description('Default System pool initial node count (spec.nodePools[i].nodeCount); the autoscaler owns the count afterwards.')
@minValue(${platform.limits.nodeCountMin})
@maxValue(${platform.bounds["spec.nodePools[].nodeCount"].maximum})
param systemPoolNodeCount int

@description('Default System pool autoscaler minimum (spec.nodePools[i].minNodeCount, 1 when omitted).')
@minValue(${platform.limits.nodeCountMin})
@maxValue(${platform.bounds["spec.nodePools[].minNodeCount"].maximum})
param systemPoolMinCount int

@description('Default System pool autoscaler maximum (spec.nodePools[i].maxNodeCount).')
@minValue(${platform.limits.nodeCountMin})
@maxValue(${platform.bounds["spec.nodePools[].maxNodeCount"].maximum})
param systemPoolMaxCount int

@description('Default System pool availability zones (spec.nodePools[i].zones); empty for none.')
@maxLength(${platform.bounds["spec.nodePools[].zones"].maxItems})
param systemPoolAvailabilityZones string[]

@description('Default System pool node labels, as Modelplane derives them.')
param systemPoolNodeLabels object

@description('Default System pool node taints, as key=value:Effect.')
param systemPoolNodeTaints string[]
<#list settings as s>

@description('${s.defaultPoolDescription}')
<#if s.allowed?has_content>
@allowed([
<#list s.allowed as value>
  '${value}'
</#list>
])
</#if>
param systemPool${s.name?cap_first} ${s.bicepType}?
</#list>
<#if upgradeSettings>

@description('Default System pool upgrade surge, a node count or a percentage (spec.nodePools[i].upgrade.maxSurge).')
@minLength(1)
param systemPoolMaxSurge string = '${platform.maxSurge}'

@description('Default System pool drain timeout in minutes (spec.nodePools[i].upgrade.drainTimeoutMinutes); null leaves the AKS default.')
@minValue(${platform.bounds["spec.nodePools[].upgrade.drainTimeoutMinutes"].minimum})
@maxValue(${platform.bounds["spec.nodePools[].upgrade.drainTimeoutMinutes"].maximum})
param systemPoolDrainTimeoutMinutes int?
</#if>
<#if workloadIdentity>

@description('AKS workload identity (spec.workloadIdentity).')
param workloadIdentity bool = false
</#if>
<#if tags>

@description('Azure tags of the cluster, its default pool and the installer identity (spec.tags).')
param tags object = {}
</#if>
<#if entraId>

@description('spec.authentication mode EntraID: local accounts off, Microsoft Entra ID integration with Azure RBAC; false for LocalAccounts.')
param entraId bool = false

@description('spec.authentication.adminGroupObjectIds: the Microsoft Entra groups whose members are cluster admins (mode EntraID).')
param adminGroupObjectIds string[] = []
</#if>
<#if existingSubnet>

@description('False for a cluster on an existing subnet (spec.networking.subnetId), whose roles there the existing-subnet module grants in the resource group of the subnet.')
param ownSubnet bool = true
</#if>
<#if authorizedIpRanges && !privateEndpoint>

@description('IPv4 CIDRs the public API server accepts (spec.apiServer.authorizedIpRanges); empty for any source.')
param authorizedIpRanges string[] = []
</#if>
<#if maintenance>

@description('spec.maintenance.nodeOsUpgradeChannel: how AKS keeps the node OS current.')
@allowed([
  'NodeImage'
  'SecurityPatch'
  'Unmanaged'
  'None'
])
param nodeOsUpgradeChannel string = '${platform.maintenance.nodeOsUpgradeChannel}'
<@windowParams window=platform.maintenance.autoUpgrade prefix="autoUpgrade" what="cluster auto-upgrade" field="autoUpgradeWindow"/>
<@windowParams window=platform.maintenance.nodeOs prefix="nodeOs" what="node OS upgrade" field="nodeOsWindow"/>
</#if>

// spec.kubernetesVersion, spec.nodePools[i] (first System pool, or the injected default pool); networking fixed by Modelplane.
resource aksMain 'Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}' = {
<@lib.checkovSkips privateEndpoint?then(platform.skips.privateCluster, platform.skips.cluster)/>
  name: clusterName
  location: location
<#if tags>
  tags: tags
</#if>
  identity: {
    type: 'SystemAssigned'
  }
  properties: {
    kubernetesVersion: kubernetesVersion
    dnsPrefix: dnsPrefix
    nodeResourceGroup: nodeResourceGroupName
    enableRBAC: true
<#if entraId>
    // spec.authentication EntraID: no local account, so no client certificate exists; Microsoft
    // Entra ID integration with Azure RBAC for Kubernetes authorization, in the deploying tenant.
    // Both in place; AKS cannot remove the integration again.
    disableLocalAccounts: entraId
    aadProfile: entraId ? {
      managed: true
      enableAzureRBAC: true
      adminGroupObjectIDs: adminGroupObjectIds
    } : null
<#else>
    disableLocalAccounts: false
</#if>
    // Set, not left to the API default: AKS turns it on for new 1.34+ clusters and cannot turn it
    // off again (docs/facts/day2-provider-facts.md, problem 8); Terraform sets oidc_issuer_enabled too.
    oidcIssuerProfile: {
      enabled: true
    }
<#if workloadIdentity>
    // spec.workloadIdentity, through the OIDC issuer above; in place either way.
    securityProfile: {
      workloadIdentity: {
        enabled: workloadIdentity
      }
    }
</#if>
<#if authorizedIpRanges && !privateEndpoint>
    // spec.apiServer.authorizedIpRanges: the only sources the public API server accepts; an empty
    // list accepts any source and clears ranges set before. In place.
    apiServerAccessProfile: {
      authorizedIPRanges: authorizedIpRanges
    }
</#if>
<#if privateEndpoint>
    // spec.endpointAccess Private: the API server only behind a private endpoint in the cluster's
    // VNet, named by a public FQDN and no private DNS zone ('none': AKS creates none, and supports
    // it only with the public FQDN). Fixed when the cluster is created.
    apiServerAccessProfile: {
      enablePrivateCluster: true
      enablePrivateClusterPublicFQDN: true
      privateDNSZone: 'none'
    }
</#if>
    autoUpgradeProfile: {
      upgradeChannel: '${platform.upgradeChannel}'
<#if maintenance>
      // spec.maintenance.nodeOsUpgradeChannel (left out: ${platform.maintenance.nodeOsUpgradeChannel}, the AKS default). In place.
      nodeOSUpgradeChannel: nodeOsUpgradeChannel
</#if>
    }
    networkProfile: {
      networkPlugin: '${platform.network.plugin}'
      networkPluginMode: '${platform.network.pluginMode}'
      podCidr: podCidr
      serviceCidr: serviceCidr
      dnsServiceIP: dnsServiceIP
      networkPolicy: '${platform.network.policy}'
      networkDataplane: '${platform.network.dataPlane}'
      loadBalancerSku: 'standard'
      outboundType: 'loadBalancer'
    }
    agentPoolProfiles: [
      {
        name: systemPoolName
        mode: 'System'
        type: 'VirtualMachineScaleSets'
        osType: 'Linux'
        vmSize: systemPoolVmSize
        osDiskSizeGB: systemPoolOsDiskSizeGB
        osDiskType: 'Managed'
<#list settings as s>
        ${s.armProperty}: systemPool${s.name?cap_first}
</#list>
        maxPods: ${platform.maxPods}
        orchestratorVersion: kubernetesVersion
        vnetSubnetID: subnetId
        count: systemPoolNodeCount
        enableAutoScaling: true
        minCount: systemPoolMinCount
        maxCount: systemPoolMaxCount
        availabilityZones: systemPoolAvailabilityZones
        nodeLabels: systemPoolNodeLabels
        nodeTaints: systemPoolNodeTaints
<#if tags>
        tags: tags
</#if>
        upgradeSettings: {
<#if upgradeSettings>
          maxSurge: systemPoolMaxSurge
          drainTimeoutInMinutes: systemPoolDrainTimeoutMinutes
<#else>
          maxSurge: '${platform.maxSurge}'
</#if>
        }
      }
    ]
  }
}

// Planned maintenance for both upgrade channels, one after the other: cluster auto-upgrades, then
// node OS updates, each only in its own weekly window.
resource maintenanceAutoUpgrade 'Microsoft.ContainerService/managedClusters/maintenanceConfigurations@${platform.api.managedClusters}' = {
  parent: aksMain
  name: '${platform.maintenance.autoUpgrade.name}'
  properties: {
<@maintenanceWindow window=platform.maintenance.autoUpgrade prefix="autoUpgrade"/>
  }
}

resource maintenanceNodeOs 'Microsoft.ContainerService/managedClusters/maintenanceConfigurations@${platform.api.managedClusters}' = {
  parent: aksMain
  name: '${platform.maintenance.nodeOs.name}'
  properties: {
<@maintenanceWindow window=platform.maintenance.nodeOs prefix="nodeOs"/>
  }
  dependsOn: [
    maintenanceAutoUpgrade
  ]
}

// The node subnet (spec.networking.subnetCidr), created by the network module.
resource vnetNodes 'Microsoft.Network/virtualNetworks@${platform.api.virtualNetworks}' existing = {
  name: virtualNetworkName
}

resource snetNodes 'Microsoft.Network/virtualNetworks/subnets@${platform.api.virtualNetworks}' existing = {
  parent: vnetNodes
  name: subnetName
}

// Network Contributor for the cluster's own (system-assigned, control plane) identity on the node
// subnet, and nothing wider: AKS creates internal load balancers and reads the subnet with it, and
// only az aks create grants it by itself.
resource raClusterSubnet 'Microsoft.Authorization/roleAssignments@${platform.api.roleAssignments}' = <#if existingSubnet>if (ownSubnet) </#if>{
  name: guid(snetNodes.id, aksMain.id, '${platform.networkContributorRoleId}')
  scope: snetNodes
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${platform.networkContributorRoleId}')
    principalId: aksMain.identity.principalId
    principalType: 'ServicePrincipal'
  }
}

// status.cache.storageClassName, spec.nodePools[i].fabric InfiniBand: the identity of the in-cluster installs.
resource idInstaller 'Microsoft.ManagedIdentity/userAssignedIdentities@${platform.api.userAssignedIdentities}' = {
  name: installerIdentityName
  location: location
<#if tags>
  tags: tags
</#if>
}

// The installer's role: the run command's actions and no others, assignable only in this cluster's
// resource group. Role names are unique in the tenant, so the name carries the subscription, the
// resource group and the cluster.
resource roleInstaller 'Microsoft.Authorization/roleDefinitions@${platform.api.roleDefinitions}' = {
  name: guid(aksMain.id, 'modelplane-installer-role')
  properties: {
    <#noparse>roleName: 'Modelplane AKS run command ${clusterName} in ${resourceGroup().name} (${subscription().subscriptionId})'</#noparse>
    description: 'Lets the Modelplane installer identity run commands on one AKS cluster through the AKS run command and read their results.'
    type: 'CustomRole'
    permissions: [
      {
        actions: <@lib.list values=platform.installer.roleActions indent="        "/>
        notActions: []
      }
    ]
    assignableScopes: [
      resourceGroup().id
    ]
  }
}

// status.cache.storageClassName, spec.nodePools[i].fabric: the installer's role on this cluster only.
resource raInstaller 'Microsoft.Authorization/roleAssignments@${platform.api.roleAssignments}' = {
  name: guid(aksMain.id, idInstaller.id, roleInstaller.name)
  scope: aksMain
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roleInstaller.name)
    principalId: idInstaller.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

<#if entraId>
// spec.authentication EntraID: the run command runs each command as the Entra identity that submits
// it (az aks command invoke sends its token as clusterToken), so the installer identity also needs
// Kubernetes rights through Azure RBAC: Azure Kubernetes Service RBAC Cluster Admin on this cluster
// only, since the installs create namespaces and cluster-scoped objects.
resource raInstallerClusterAdmin 'Microsoft.Authorization/roleAssignments@${platform.api.roleAssignments}' = if (entraId) {
  name: guid(aksMain.id, idInstaller.id, '${platform.entraId.rbacClusterAdminRoleId}')
  scope: aksMain
  properties: {
    roleDefinitionId: subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '${platform.entraId.rbacClusterAdminRoleId}')
    principalId: idInstaller.properties.principalId
    principalType: 'ServicePrincipal'
  }
}

</#if>
@description('Name of the managed cluster.')
output clusterName string = aksMain.name

@description('The resource group AKS keeps the nodes in.')
output nodeResourceGroupName string = aksMain.properties.nodeResourceGroup

<#if existingSubnet>
@description('Principal ID of the system-assigned (control plane) identity of the cluster, for its role on an existing subnet.')
output principalId string = aksMain.identity.principalId

</#if>
@description('Resource ID of the installer identity, which holds the run-command role on the cluster.')
output installerIdentityId string = idInstaller.id

<#if entraId>
// The condition compiles to ARM's if(), which evaluates only the branch it takes (ARM template
// functions, if, Remarks), so an Entra ID cluster's admin credentials are never listed.
@description('Admin kubeconfig (client certificate of the local admin account); empty for an Entra ID cluster, which has none and whose admin credentials cannot be listed. Secure: kept out of deployment history.')
@secure()
output kubeconfig string = entraId ? '' : base64ToString(aksMain.listClusterAdminCredential().kubeconfigs[0].value)
<#else>
@description('Admin kubeconfig (client certificate of the local admin account). Secure: kept out of deployment history.')
@secure()
output kubeconfig string = base64ToString(aksMain.listClusterAdminCredential().kubeconfigs[0].value)
</#if>
