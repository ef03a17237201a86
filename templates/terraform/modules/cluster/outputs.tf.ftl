<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
output "id" {
  description = "Resource ID of the cluster."
  value       = azurerm_kubernetes_cluster.this.id
}

output "name" {
  description = "Name of the cluster."
  value       = azurerm_kubernetes_cluster.this.name
}

output "kubernetes_version" {
  description = "The Kubernetes minor of the control plane, known once the control plane runs it: the further pools take their version from here, so they upgrade after it."
  value       = var.kubernetes_version
  depends_on  = [azapi_update_resource.kubernetes_version]
}

output "node_resource_group_name" {
  description = "The resource group AKS keeps the nodes in."
  value       = azurerm_kubernetes_cluster.this.node_resource_group
}

output "kube_config_raw" {
  description = "Kubeconfig with the client certificate of the local account."
  value       = azurerm_kubernetes_cluster.this.kube_config_raw
  sensitive   = true
}
<#if existingSubnet>

output "principal_id" {
  description = "Principal ID of the cluster's system-assigned (control plane) identity, for its roles on an existing subnet's route table."
  value       = azurerm_kubernetes_cluster.this.identity[0].principal_id
}
</#if>
