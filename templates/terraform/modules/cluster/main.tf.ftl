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
  local_account_disabled            = false
  oidc_issuer_enabled               = true
  role_based_access_control_enabled = true
<#if privateEndpoint>

  # spec.endpointAccess Private: the API server only behind a private endpoint in the cluster's VNet,
  # named by a public FQDN and no private DNS zone ("None": AKS creates none; AKS supports "None" only
  # with the public FQDN). Both ForceNew: fixed when the cluster is created.
  private_cluster_enabled             = true
  private_cluster_public_fqdn_enabled = true
  private_dns_zone_id                 = "None"
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
    temporary_name_for_rotation = var.default_node_pool.temporary_name_for_rotation
    type                        = "VirtualMachineScaleSets"
    vnet_subnet_id              = var.subnet_id
    zones                       = var.default_node_pool.zones

    upgrade_settings {
      max_surge = "${platform.maxSurge}"
    }
  }
  identity {
    type = "SystemAssigned"
  }
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

  lifecycle {
    # The cluster autoscaler owns the node count once the pool exists.
    ignore_changes = [default_node_pool[0].node_count]
  }
}
