<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
<#-- One template for both pool modules (gpu-node-pool, system-node-pool): they differ only where
     module.gpu says, and keep their folders so that no root's module source changes. -->
<#if module.gpu>
# One GPU pool, spec.nodePools[i] with role GPU: AKS installs the NVIDIA driver, nodes carry the
# accelerator and pool labels and the GPU taint, and the autoscaler owns the node count.
<#else>
# A further System pool, spec.nodePools[i] with role System after the first: nodes carry the pool
# label and host cluster add-ons; the autoscaler owns the node count.
</#if>
resource "azurerm_kubernetes_cluster_node_pool" "this" {
<@hcl.checkovSkips platform.skips.nodePool/>
  name                        = var.name
  kubernetes_cluster_id       = var.kubernetes_cluster_id
  vm_size                     = var.vm_size
  auto_scaling_enabled        = true
<#if module.gpu>
  gpu_driver                  = var.gpu_driver
</#if>
  max_count                   = var.max_count
  max_pods                    = var.max_pods
  min_count                   = var.min_count
  mode                        = "${module.mode}"
  node_count                  = var.node_count
  node_labels                 = var.node_labels
<#if module.gpu>
  node_taints                 = var.node_taints
</#if>
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
