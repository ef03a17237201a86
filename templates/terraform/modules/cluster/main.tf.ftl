<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# The AKS cluster from spec.kubernetesVersion and spec.location. Its default node pool is the spec's
# first System pool (spec.nodePools[i] with role System) or, when the spec has none, the default pool
# upstream Modelplane injects (the root says which). The OIDC issuer is set explicitly: AKS 1.34+
# enables it on new clusters and refuses to disable it.
<@hcl.trivyIgnores privateEndpoint?then(platform.skips.privateClusterTrivy, platform.skips.clusterTrivy)/>
resource "azurerm_kubernetes_cluster" "this" {
<@hcl.checkovSkips privateEndpoint?then(platform.skips.privateCluster, platform.skips.cluster)/>
  name                              = var.name
  location                          = var.location
  resource_group_name               = var.resource_group_name
  dns_prefix                        = var.dns_prefix
  kubernetes_version                = var.kubernetes_version
  node_resource_group               = var.node_resource_group_name
  automatic_upgrade_channel         = "${platform.upgradeChannel}"
<#if entraId>
  local_account_disabled            = length(var.entra_id) == 1
<#else>
  local_account_disabled            = false
</#if>
  oidc_issuer_enabled               = true
  role_based_access_control_enabled = true
<#if entraId>

  # spec.authentication EntraID (one element in var.entra_id): Microsoft Entra ID integration with Azure
  # RBAC for Kubernetes authorization and local accounts off (above), so no client certificate exists.
  # Both in place; AKS cannot remove the integration again. The tenant is the one Terraform signs in to.
  dynamic "azure_active_directory_role_based_access_control" {
    for_each = var.entra_id
    content {
      tenant_id              = data.azurerm_client_config.current.tenant_id
      azure_rbac_enabled     = true
      admin_group_object_ids = azure_active_directory_role_based_access_control.value.admin_group_object_ids
    }
  }
</#if>
<#if workloadIdentity>

  # spec.workloadIdentity: pods trade service account tokens for Entra ID tokens through the OIDC
  # issuer above. In place either way.
  workload_identity_enabled = var.workload_identity_enabled
</#if>
<#if tags>

  # spec.tags, here and on the default pool: AKS does not copy the cluster's tags to its pools.
  tags = var.tags
</#if>
<#if privateEndpoint>

  # spec.endpointAccess Private: the API server only behind a private endpoint in the cluster's VNet,
  # named by a public FQDN and no private DNS zone ("None": AKS creates none; AKS supports "None" only
  # with the public FQDN). Both ForceNew: fixed when the cluster is created.
  private_cluster_enabled             = true
  private_cluster_public_fqdn_enabled = true
  private_dns_zone_id                 = "None"
</#if>
<#if authorizedIpRanges && !privateEndpoint>

  # spec.apiServer.authorizedIpRanges: the only sources the public API server accepts; without
  # ranges no block, and any source. In place. azurerm v5.2.0 sends no list for an empty one
  # (kubernetes_cluster_resource.go:3361-3366), so dropping the last range leaves the cluster's.
  dynamic "api_server_access_profile" {
    for_each = range(min(length(var.authorized_ip_ranges), 1))
    content {
      authorized_ip_ranges = var.authorized_ip_ranges
    }
  }
</#if>

  default_node_pool {
    name                        = var.default_node_pool.name
    vm_size                     = var.default_node_pool.vm_size
    auto_scaling_enabled        = true
    node_count                  = var.default_node_pool.node_count
    min_count                   = var.default_node_pool.min_count
    max_count                   = var.default_node_pool.max_count
    max_pods                    = var.default_node_pool.max_pods
    node_labels                 = var.default_node_pool.node_labels
    orchestrator_version        = var.kubernetes_version
    os_disk_size_gb             = var.default_node_pool.os_disk_size_gb
    os_disk_type                = "Managed"
<#list settings as s>
    ${s.terraform?right_pad(28)}= var.default_node_pool.${s.terraform}
</#list>
<#if tags>
    tags                        = var.tags
</#if>
    temporary_name_for_rotation = var.default_node_pool.temporary_name_for_rotation
    type                        = "VirtualMachineScaleSets"
    vnet_subnet_id              = var.subnet_id
    zones                       = var.default_node_pool.zones

    upgrade_settings {
<#if upgradeSettings>
      # A null drain timeout leaves the AKS default. azurerm v5.2.0 replaces the cluster when a set
      # value is removed (kubernetes_cluster_resource.go:82-84).
      max_surge                = var.default_node_pool.max_surge
      drain_timeout_in_minutes = var.default_node_pool.drain_timeout_in_minutes
<#else>
      max_surge = "${platform.maxSurge}"
</#if>
    }
  }
  identity {
    type = "SystemAssigned"
  }
<#if maintenance>
  # Planned maintenance for both upgrade channels (AKS's aksManagedAutoUpgradeSchedule and
  # aksManagedNodeOSUpgradeSchedule), weekly; spec.maintenance or, left out, the generator's windows
  # one after the other. All in place.
  maintenance_window_auto_upgrade {
    frequency   = "${platform.maintenance.autoUpgrade.frequency}"
    interval    = ${platform.maintenance.autoUpgrade.intervalWeeks}
    day_of_week = var.maintenance.maintenance_window_auto_upgrade.day_of_week
    start_time  = var.maintenance.maintenance_window_auto_upgrade.start_time
    utc_offset  = var.maintenance.maintenance_window_auto_upgrade.utc_offset
    duration    = var.maintenance.maintenance_window_auto_upgrade.duration
  }
  maintenance_window_node_os {
    frequency   = "${platform.maintenance.nodeOs.frequency}"
    interval    = ${platform.maintenance.nodeOs.intervalWeeks}
    day_of_week = var.maintenance.maintenance_window_node_os.day_of_week
    start_time  = var.maintenance.maintenance_window_node_os.start_time
    utc_offset  = var.maintenance.maintenance_window_node_os.utc_offset
    duration    = var.maintenance.maintenance_window_node_os.duration
  }
  # spec.maintenance.nodeOsUpgradeChannel (left out: ${platform.maintenance.nodeOsUpgradeChannel}, the azurerm and AKS default). In place.
  node_os_upgrade_channel = var.maintenance.node_os_upgrade_channel
<#else>
  # Planned maintenance for both upgrade channels (AKS's aksManagedAutoUpgradeSchedule and
  # aksManagedNodeOSUpgradeSchedule), one after the other, so upgrades never start at any hour.
  maintenance_window_auto_upgrade {
    frequency   = "${platform.maintenance.autoUpgrade.frequency}"
    interval    = ${platform.maintenance.autoUpgrade.intervalWeeks}
    day_of_week = "${platform.maintenance.autoUpgrade.dayOfWeek}"
    start_time  = "${platform.maintenance.autoUpgrade.startTime}"
    utc_offset  = "${platform.maintenance.autoUpgrade.utcOffset}"
    duration    = ${platform.maintenance.autoUpgrade.durationHours}
  }
  maintenance_window_node_os {
    frequency   = "${platform.maintenance.nodeOs.frequency}"
    interval    = ${platform.maintenance.nodeOs.intervalWeeks}
    day_of_week = "${platform.maintenance.nodeOs.dayOfWeek}"
    start_time  = "${platform.maintenance.nodeOs.startTime}"
    utc_offset  = "${platform.maintenance.nodeOs.utcOffset}"
    duration    = ${platform.maintenance.nodeOs.durationHours}
  }
</#if>
  network_profile {
    network_plugin      = "${platform.network.plugin}"
    dns_service_ip      = var.dns_service_ip
    load_balancer_sku   = "standard"
    network_data_plane  = "${platform.network.dataPlane}"
    network_plugin_mode = "${platform.network.pluginMode}"
    network_policy      = "${platform.network.policy}"
    outbound_type       = "loadBalancer"
    pod_cidr            = var.pod_cidr
    service_cidr        = var.service_cidr
  }
  # Required from azurerm 5.0. Manual: the node pools are the ones declared here and in the node-pool
  # module; AKS provisions none of its own (node auto-provisioning stays off, as before 5.0).
  node_provisioning_profile {
    mode = "Manual"
  }

  lifecycle {
    # The cluster autoscaler owns the node count once the pool exists. Both versions are set here
    # only when the cluster is created: the patch channel moves them to the minor's newest patch,
    # which azurerm reads back as is (1.35.7 where the YAML says 1.35), so comparing them would plan
    # a change after every auto-patch. A new minor goes out through the updates below instead.
    ignore_changes = [
      default_node_pool[0].node_count,
      default_node_pool[0].orchestrator_version,
      kubernetes_version,
    ]
  }
}

# The minor the YAML names (spec.kubernetesVersion). Only a change of it replaces the version
# updates below, and only a replacement sends anything to AKS.
resource "terraform_data" "kubernetes_version" {
  input = var.kubernetes_version
}

# Upgrades the control plane to a new minor: a PUT of the cluster as AKS reports it with this
# kubernetesVersion, which leaves the node pools at theirs. The same minor again (on create, or
# after an auto-patch) is no upgrade. Deleting it does nothing.
resource "azapi_update_resource" "kubernetes_version" {
  resource_id = azurerm_kubernetes_cluster.this.id
  type        = "Microsoft.ContainerService/managedClusters@${platform.api.managedClustersAzapi}"
  body = {
    properties = {
      kubernetesVersion = var.kubernetes_version
    }
  }

  lifecycle {
    ignore_changes       = all
    replace_triggered_by = [terraform_data.kubernetes_version]
  }
}

# Then the default pool's nodes: AKS refuses a pool newer than its control plane.
resource "azapi_update_resource" "default_node_pool_version" {
  resource_id = "<#noparse>${azurerm_kubernetes_cluster.this.id}/agentPools/${var.default_node_pool.name}</#noparse>"
  type        = "Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClustersAzapi}"
  body = {
    properties = {
      orchestratorVersion = var.kubernetes_version
    }
  }

  depends_on = [azapi_update_resource.kubernetes_version]

  lifecycle {
    ignore_changes       = all
    replace_triggered_by = [terraform_data.kubernetes_version]
  }
}

# The subscription Terraform runs against: the role definition id below is read back with it.
data "azurerm_client_config" "current" {}

# Network Contributor for the cluster's own (system-assigned, control plane) identity on the node
# subnet, and nothing wider: AKS creates internal load balancers and reads the subnet with it, and
# only az aks create grants it by itself. It exists once the cluster does (principal_id), and a new
# cluster gets a new assignment (principal_id is ForceNew).
resource "azurerm_role_assignment" "subnet_network_contributor" {
  scope              = var.subnet_id
  role_definition_id = "/subscriptions/<#noparse>${data.azurerm_client_config.current.subscription_id}</#noparse>/providers/Microsoft.Authorization/roleDefinitions/${platform.networkContributorRoleId}"
  principal_id       = azurerm_kubernetes_cluster.this.identity[0].principal_id
  principal_type     = "ServicePrincipal"
}
