<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# A further System pool, spec.nodePools[i] with role System after the first: nodes carry the pool
# label and host cluster add-ons; the autoscaler owns the node count.
resource "azurerm_kubernetes_cluster_node_pool" "this" {
<@hcl.checkovSkips platform.skips.nodePool/>
  name                        = var.name
  kubernetes_cluster_id       = var.kubernetes_cluster_id
  vm_size                     = var.vm_size
  auto_scaling_enabled        = true
  max_count                   = var.max_count
  max_pods                    = var.max_pods
  min_count                   = var.min_count
  mode                        = "System"
  node_count                  = var.node_count
  node_labels                 = var.node_labels
  orchestrator_version        = var.kubernetes_version
  os_disk_size_gb             = var.os_disk_size_gb
  os_disk_type                = "Managed"
  temporary_name_for_rotation = var.temporary_name_for_rotation
  vnet_subnet_id              = var.subnet_id
  zones                       = var.zones

  upgrade_settings {
    max_surge = "${platform.maxSurge}"
  }

  lifecycle {
    # node_count is the initial size only: the cluster autoscaler owns it afterwards.
    ignore_changes = [node_count]
  }
}
