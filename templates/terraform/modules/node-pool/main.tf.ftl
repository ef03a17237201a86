<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
<#if spotPool>
# One further GPU pool on Azure Spot VMs (spec.nodePools[i] with priority Spot): the node-pool module
# with priority Spot, its eviction policy and max price, and no upgrade settings (azurerm refuses
# max_surge and max_unavailable on Spot pools; AKS upgrades them without surge nodes). The root gives
# it the Spot label and taint with the others. Priority, eviction policy and max price are fixed when
# the pool is created: a change of any of them replaces the pool.
<#else>
# One further pool, spec.nodePools[i] after the first System pool, whatever its role: a GPU pool
# (mode User, the AKS-managed NVIDIA driver, the GPU taint) or a further System pool (mode System,
# no driver, no taint). One module for both, so a pool keeps its state address when its role changes.
</#if>
resource "azurerm_kubernetes_cluster_node_pool" "this" {
<@hcl.checkovSkips platform.skips.nodePool/>
  name                        = var.name
  kubernetes_cluster_id       = var.kubernetes_cluster_id
  vm_size                     = var.vm_size
  auto_scaling_enabled        = true
  gpu_driver                  = var.gpu_driver
<#if migProfile>
  gpu_instance                = var.gpu_instance
</#if>
  max_count                   = var.max_count
  max_pods                    = var.max_pods
  min_count                   = var.min_count
  mode                        = var.mode
  node_count                  = var.node_count
  node_labels                 = var.node_labels
  node_taints                 = var.node_taints
  orchestrator_version        = var.kubernetes_version
  os_disk_size_gb             = var.os_disk_size_gb
  os_disk_type                = "Managed"
<#list settings as s>
  ${s.terraform?right_pad(28)}= var.${s.terraform}
</#list>
<#if spotPool>
  priority                    = "Spot"
  eviction_policy             = var.eviction_policy
  spot_max_price              = var.spot_max_price
</#if>
<#if tags>
  tags                        = var.tags
</#if>
  temporary_name_for_rotation = var.temporary_name_for_rotation
  vnet_subnet_id              = var.subnet_id
  zones                       = var.zones
<#if !spotPool>

  # One of the two is set (azurerm refuses both; it sends the other as 0): GPU pools upgrade in
  # place one node at a time (max_unavailable), System pools surge (AKS refuses max unavailable on
  # System pools).
  upgrade_settings {
    max_surge       = var.max_surge
    max_unavailable = var.max_unavailable
<#if upgradeSettings>

    # null leaves the AKS default. azurerm v5.2.0 replaces the pool when a set value is removed
    # (kubernetes_cluster_node_pool_resource.go:84-86).
    drain_timeout_in_minutes = var.drain_timeout_in_minutes
</#if>
  }
</#if>

  lifecycle {
    # node_count is the initial size only: the cluster autoscaler owns it afterwards. The version
    # is set here only when the pool is created: the patch channel moves it to the minor's newest
    # patch, which azurerm reads back as is; a new minor goes out through the update below.
    ignore_changes = [node_count, orchestrator_version]
  }
}

# The minor the YAML names, passed on by the cluster module once the control plane runs it. Only a
# change of it replaces the version update below.
resource "terraform_data" "orchestrator_version" {
  input = var.kubernetes_version
}

# Upgrades the pool's nodes to a new minor, after the control plane (AKS refuses a pool newer than
# its control plane): a PUT of the pool as AKS reports it with this orchestratorVersion. The same
# minor again (on create, or after an auto-patch) is no upgrade. Deleting it does nothing.
resource "azapi_update_resource" "orchestrator_version" {
  resource_id = azurerm_kubernetes_cluster_node_pool.this.id
  type        = "Microsoft.ContainerService/managedClusters/agentPools@${platform.api.managedClustersAzapi}"
  body = {
    properties = {
      orchestratorVersion = var.kubernetes_version
    }
  }

  lifecycle {
    ignore_changes       = all
    replace_triggered_by = [terraform_data.orchestrator_version]
  }
}
