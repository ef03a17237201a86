<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.rootHeader cluster.source/>
using 'main.bicep'

// spec.location
param location = '${cluster.location}'

// spec.kubernetesVersion
param kubernetesVersion = '${cluster.kubernetesVersion}'

<#if cluster.network.existingSubnet??>
// spec.networking.subnetId
param subnetId = '${cluster.network.existingSubnet.id}'
<#else>
// spec.networking.vnetCidr
param vnetCidr = '${cluster.network.vnetCidr}'

// spec.networking.subnetCidr
param subnetCidr = '${cluster.network.subnetCidr}'
</#if>
