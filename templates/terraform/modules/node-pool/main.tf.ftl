<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# One further pool, spec.nodePools[i] after the first System pool, whatever its role: a GPU pool
# (mode User, the AKS-managed NVIDIA driver, the GPU taint) or a further System pool (mode System,
# no driver, no taint). One module for both, so a pool keeps its state address when its role changes.
resource "azurerm_kubernetes_cluster_node_pool" "this" {
<@hcl.checkovSkips platform.skips.nodePool/>
  name                        = var.name
  kubernetes_cluster_id       = var.kubernetes_cluster_id
  vm_size                     = var.vm_size
  auto_scaling_enabled        = true
  gpu_driver                  = var.gpu_driver
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
  temporary_name_for_rotation = var.temporary_name_for_rotation
  vnet_subnet_id              = var.subnet_id
  zones                       = var.zones

  # One of the two is set (azurerm refuses both; it sends the other as 0): GPU pools upgrade in
  # place one node at a time (max_unavailable), System pools surge (AKS refuses max unavailable on
  # System pools).
  upgrade_settings {
    max_surge       = var.max_surge
    max_unavailable = var.max_unavailable
  }

  lifecycle {
    # node_count is the initial size only: the cluster autoscaler owns it afterwards.
    ignore_changes = [node_count]
  }
}
