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

output "node_resource_group_name" {
  description = "The resource group AKS keeps the nodes in."
  value       = azurerm_kubernetes_cluster.this.node_resource_group
}

output "kube_config_raw" {
  description = "Kubeconfig with the client certificate of the local account."
  value       = azurerm_kubernetes_cluster.this.kube_config_raw
  sensitive   = true
}

output "host" {
  description = "API server URL."
  value       = azurerm_kubernetes_cluster.this.kube_config[0].host
  sensitive   = true
}

output "client_certificate" {
  description = "Client certificate (PEM) of the local account."
  value       = base64decode(azurerm_kubernetes_cluster.this.kube_config[0].client_certificate)
  sensitive   = true
}

output "client_key" {
  description = "Client key (PEM) of the local account."
  value       = base64decode(azurerm_kubernetes_cluster.this.kube_config[0].client_key)
  sensitive   = true
}

output "cluster_ca_certificate" {
  description = "CA certificate (PEM) of the API server."
  value       = base64decode(azurerm_kubernetes_cluster.this.kube_config[0].cluster_ca_certificate)
  sensitive   = true
}
