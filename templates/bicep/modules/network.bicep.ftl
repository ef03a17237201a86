<#ftl output_format="Bicep" strip_whitespace=true>
<#import "/bicep/lib.ftl" as lib>
<@lib.moduleHeader/>
// The virtual network and its one node subnet (spec.networking).

@description('Azure region (spec.location).')
@minLength(${platform.bounds["spec.location"].minLength})
@maxLength(${platform.bounds["spec.location"].maxLength})
param location string

@description('Name of the virtual network.')
@minLength(${platform.limits.virtualNetworkMin})
@maxLength(${platform.limits.virtualNetwork})
param virtualNetworkName string

@description('Name of the node subnet.')
@minLength(1)
@maxLength(${platform.limits.subnet})
param subnetName string

@description('Address space of the virtual network (spec.networking.vnetCidr).')
@minLength(${platform.limits.cidrMin})
@maxLength(${platform.bounds["spec.networking.vnetCidr"].maxLength})
param vnetCidr string

@description('Address range of the node subnet (spec.networking.subnetCidr).')
@minLength(${platform.limits.cidrMin})
@maxLength(${platform.bounds["spec.networking.subnetCidr"].maxLength})
param subnetCidr string
<#if tags>

@description('Azure tags of the virtual network (spec.tags); subnets take none.')
param tags object = {}
</#if>

// spec.networking.vnetCidr
resource vnetMain 'Microsoft.Network/virtualNetworks@${platform.api.virtualNetworks}' = {
<@lib.checkovSkips platform.skips.virtualNetwork/>
  name: virtualNetworkName
  location: location
<#if tags>
  tags: tags
</#if>
  properties: {
    addressSpace: {
      addressPrefixes: [
        vnetCidr
      ]
    }
  }
}

// spec.networking.subnetCidr: one subnet for every pool (Azure subnets span all zones).
resource snetNodes 'Microsoft.Network/virtualNetworks/subnets@${platform.api.virtualNetworks}' = {
  parent: vnetMain
  name: subnetName
  properties: {
    addressPrefix: subnetCidr
  }
}

@description('Resource ID of the node subnet.')
output subnetId string = snetNodes.id
