<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
output "cluster_name" {
  description = "Name of the AKS cluster."
  value       = module.cluster.name
}

output "resource_group_name" {
  description = "The cluster's dedicated resource group (VNet and cluster)."
  value       = module.${cluster.network.existingSubnet???then("resource_group", "network")}.resource_group_name
}

output "node_resource_group_name" {
  description = "The resource group AKS keeps the nodes in."
  value       = module.cluster.node_resource_group_name
}

<#if cluster.authentication.entraId>
# No kubeconfig output: the cluster has no local account (spec.authentication EntraID). Sign in with
# Microsoft Entra ID instead: az aks get-credentials --resource-group ${cluster.names.resourceGroup} --name ${cluster.names.cluster}
# then kubelogin convert-kubeconfig --login azurecli.
<#else>
output "kubeconfig" {
  description = "Kubeconfig with the client certificate of the cluster's local admin account: terraform output -raw kubeconfig > kubeconfig"
  value       = module.cluster.kube_config_raw
  sensitive   = true
}
</#if>
