<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<#assign system = cluster.defaultPool>
<@hcl.rootHeader cluster.source/>
# The infrastructure root of the cluster: apply it first, then the in-cluster root (${roots.toInCluster}/), which
# reads the cluster through a data source; destroy in reverse. What each change costs is in the READMEs of
# the modules this root calls.

<#if cluster.tags?has_content>
locals {
  # spec.tags: on every resource of this root and its pools that Azure can tag (subnets and role
  # assignments cannot be); each pool gets them too, since AKS does not copy the cluster's tags.
  tags = <@hcl.map cluster.tags/>
}

</#if>
<#if cluster.network.existingSubnet??>
# The resource group from spec.location. The nodes use the existing subnet spec.networking.subnetId,
# so this root creates no network.
module "resource_group" {
  source = "${modules}resource-group"

  location            = "${cluster.location}"
  resource_group_name = "${cluster.names.resourceGroup}"
<#if cluster.tags?has_content>

  # spec.tags
  tags = local.tags
</#if>
}

# The resource group was the network module's while the cluster had a network of its own: moving
# the module keeps it, and the VNet and subnet, which this module does not declare, are deleted.
moved {
  from = module.network
  to   = module.resource_group
}
<#else>
# Resource group, VNet and node subnet from spec.location and spec.networking.
module "network" {
  source = "${modules}network"

  location             = "${cluster.location}"
  resource_group_name  = "${cluster.names.resourceGroup}"
  virtual_network_name = "${cluster.names.virtualNetwork}"
  vnet_cidr            = "${cluster.network.vnetCidr}"
  subnet_name          = "${cluster.names.subnet}"
  subnet_cidr          = "${cluster.network.subnetCidr}"
<#if cluster.tags?has_content>

  # spec.tags
  tags = local.tags
</#if>
}

# The resource group was the resource-group module's while the cluster was on an existing subnet
# (spec.networking.subnetId): moving the module keeps it.
moved {
  from = module.resource_group
  to   = module.network
}
</#if>

<#if system.injected>
# The AKS cluster from spec.kubernetesVersion and spec.location; its default node pool is
# "${system.name}", ${system.module.purpose}.
<#else>
# The AKS cluster from spec.kubernetesVersion and spec.location; its default node pool is
# ${system.path} ("${system.name}"), the first System pool.
</#if>
module "cluster" {
  source = "${modules}${cluster.privateEndpoint?then("private-cluster", "cluster")}"

  name                     = "${cluster.names.cluster}"
  location                 = "${cluster.location}"
  resource_group_name      = module.${cluster.network.existingSubnet???then("resource_group", "network")}.resource_group_name
  node_resource_group_name = "${cluster.names.nodeResourceGroup}"
  dns_prefix               = "${cluster.names.dnsPrefix}"
  kubernetes_version       = "${cluster.kubernetesVersion}"
<#if cluster.network.existingSubnet??>
  subnet_id                = "${cluster.network.existingSubnet.id}"
<#else>
  subnet_id                = module.network.subnet_id
</#if>
  pod_cidr                 = "${cluster.network.podCidr}"
  service_cidr             = "${cluster.network.serviceCidr}"
  dns_service_ip           = "${cluster.network.dnsServiceIp}"
<#if cluster.workloadIdentity>

  # spec.workloadIdentity
  workload_identity_enabled = true
</#if>
<#if cluster.tags?has_content>

  # spec.tags, on the cluster and its default node pool
  tags = local.tags
</#if>
<#if cluster.authentication.entraId>

  # spec.authentication EntraID: local accounts off, Entra ID with Azure RBAC, these groups admins
  entra_id = [{
    admin_group_object_ids = <@hcl.list cluster.authentication.adminGroupObjectIds/>
  }]
</#if>
<#if cluster.authorizedIpRanges?has_content>

  # spec.apiServer.authorizedIpRanges
  authorized_ip_ranges = <@hcl.list values=cluster.authorizedIpRanges/>
</#if>
<#if cluster.maintenance??>

  # spec.maintenance
  maintenance = {
    node_os_upgrade_channel = "${cluster.maintenance.nodeOsUpgradeChannel}"
    maintenance_window_auto_upgrade = {
      day_of_week = "${cluster.maintenance.autoUpgrade.dayOfWeek}"
      start_time  = "${cluster.maintenance.autoUpgrade.startTime}"
      utc_offset  = "${cluster.maintenance.autoUpgrade.utcOffset}"
      duration    = ${cluster.maintenance.autoUpgrade.durationHours?c}
    }
    maintenance_window_node_os = {
      day_of_week = "${cluster.maintenance.nodeOs.dayOfWeek}"
      start_time  = "${cluster.maintenance.nodeOs.startTime}"
      utc_offset  = "${cluster.maintenance.nodeOs.utcOffset}"
      duration    = ${cluster.maintenance.nodeOs.durationHours?c}
    }
  }
</#if>

  default_node_pool = {
<@hcl.poolArguments pool=system indent="    " module=false/>
  }
}
<#if cluster.network.existingSubnet??>

# spec.networking.subnetId: the cluster identity's role on the existing subnet's route table, when it
# has one (the cluster module grants the one on the subnet).
module "existing_subnet" {
  source = "${modules}existing-subnet"

  subnet_id    = "${cluster.network.existingSubnet.id}"
  principal_id = module.cluster.principal_id
}
</#if>
<#if cluster.components.networkOperator>

# The subscription Terraform runs against, for the feature check below.
data "azurerm_client_config" "current" {}

# <#list cluster.components.infinibandPools as p>${p.path} ("${p.name}")<#sep>, </#sep></#list> set fabric InfiniBand, which needs the subscription
# feature ${platform.infinibandFeature.namespace}/${platform.infinibandFeature.name}. It is subscription-wide, so this root only reads
# it and fails the plan when it is not registered, before any InfiniBand pool is created; it never
# owns it (destroying one cluster must not unregister it for every other).
data "azapi_resource" "infiniband_feature" {
  type                   = "Microsoft.Features/featureProviders/subscriptionFeatureRegistrations@${platform.api.featureRegistrations}"
  name                   = "${platform.infinibandFeature.name}"
  parent_id              = "/subscriptions/<#noparse>${data.azurerm_client_config.current.subscription_id}</#noparse>/providers/Microsoft.Features/featureProviders/${platform.infinibandFeature.namespace}"
  ignore_not_found       = true
  response_export_values = ["properties.state"]

  lifecycle {
    postcondition {
      condition     = self.exists && try(self.output.properties.state, "") == "Registered"
      error_message = "${platform.infinibandFeature.missingMessage}"
    }
  }
}
</#if>
