<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<#if cluster.privateEndpoint>
# What runs inside the cluster. Apply the infrastructure root (${roots.toInfrastructure}/) first, then this
# one; destroy this one first, then the infrastructure root. From the output folder:
#   terraform -chdir=${roots.infrastructure} init && terraform -chdir=${roots.infrastructure} apply
#   terraform -chdir=${roots.inCluster} init && terraform -chdir=${roots.inCluster} apply
#
# The cluster's API server is private (spec.endpointAccess Private), so nothing here talks to it: each
# command goes to Azure Resource Manager, which runs it in a pod inside the cluster (the AKS run command,
# POST managedClusters/runCommand), and Terraform polls until it has finished. The runner needs no network
# route to the cluster, only to Azure Resource Manager. The identity running Terraform needs
# Microsoft.ContainerService/managedClusters/runcommand/action and .../commandResults/read on the cluster
# (no AKS built-in role has both; Contributor does), and Reader on the subscription for the check below.
#
# A command that ends with a non-zero exit code fails the apply, and every later plan, with its logs.
# Fix the cause, then run it again: terraform -chdir=${roots.inCluster} apply -replace=azapi_resource_action.in_cluster_components
#
# The commands are the Bicep output's: the StorageClass applied, the NVIDIA network operator installed or
# removed. Destroying this root runs the removal command (the network operator, then the StorageClass);
# Terraform checks no condition on destroy, so that command's exit code is not checked.

<#else>
# What runs inside the cluster. Apply the infrastructure root (${roots.toInfrastructure}/) first, then this
# one; destroy this one first, then the infrastructure root. From the output folder:
#   terraform -chdir=${roots.infrastructure} init && terraform -chdir=${roots.infrastructure} apply
#   terraform -chdir=${roots.inCluster} init && terraform -chdir=${roots.inCluster} apply
# The identity running it needs Microsoft.ContainerService/managedClusters/listClusterUserCredential/action
# on the cluster (for example the Azure Kubernetes Service Cluster User Role).
#
# When the cluster is replaced (a new name, location or first System pool), the next plan of this root
# finds none of its objects on the new cluster, drops them from state and creates them again. If the
# cluster was deleted before this root was destroyed, its objects went with it: terraform state rm them.

</#if>
# The cluster must exist before this root plans. A subscription-wide list by name and type is empty,
# rather than an error, while the cluster is missing, so the plan stops here with the order of applies.
# (A cluster of the same name in another resource group passes this check; the read below then fails
# with azurerm's "was not found".)
data "azurerm_resources" "cluster" {
  name = "${cluster.names.cluster}"
  type = "Microsoft.ContainerService/managedClusters"

  lifecycle {
    postcondition {
      condition     = length(self.resources) != 0
      error_message = "The AKS cluster ${cluster.names.cluster} in resource group ${cluster.names.resourceGroup} does not exist yet. Apply the infrastructure root ${roots.infrastructure} (the folder above this root) first, then this root."
    }
  }
}

<#if cluster.privateEndpoint>
# The cluster as Azure Resource Manager describes it. Its resourceUID changes when the cluster is created
# again under the same id (a replaced cluster), so the command below changes and runs on the new cluster.
data "azapi_resource" "cluster" {
  type                   = "Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}"
  resource_id            = data.azurerm_resources.cluster.resources[0].id
  response_export_values = ["properties.resourceUID"]
}

# status.cache.storageClassName<#if cluster.components.networkOperator>; the NVIDIA network operator and its NicClusterPolicy, because
# <#list cluster.components.infinibandPools as p>${p.path} ("${p.name}")<#sep>, </#sep></#list> set fabric InfiniBand<#else>; the NVIDIA network operator removed, as no pool
# sets fabric InfiniBand</#if>. Runs again whenever the command changes.
resource "azapi_resource_action" "in_cluster_components" {
  type        = "Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}"
  resource_id = data.azapi_resource.cluster.id
  action      = "runCommand"
  method      = "POST"
  body = {
    command = "<#noparse>: cluster ${data.azapi_resource.cluster.output.properties.resourceUID} && </#noparse>${cluster.runCommand.converge}"
  }
  response_export_values = ["properties.provisioningState", "properties.exitCode", "properties.logs"]

  timeouts {
    create = "${platform.installer.scriptTimeoutMinutes?c}m"
    update = "${platform.installer.scriptTimeoutMinutes?c}m"
  }

  lifecycle {
    postcondition {
      condition     = try(self.output.properties.provisioningState, "") == "Succeeded" && try(self.output.properties.exitCode, 1) == 0
      error_message = "The in-cluster command on the AKS cluster ${cluster.names.cluster} did not succeed (fix the cause, then apply again with -replace=azapi_resource_action.in_cluster_components): <#noparse>${try(self.output.properties.provisioningState, "unknown")}, exit code ${try(self.output.properties.exitCode, "none")}: ${try(self.output.properties.logs, "")}</#noparse>"
    }
  }
}

# Destroying this root removes what the command above put into the cluster. The command is kept in state
# on every apply, so a destroy runs the current one.
resource "azapi_resource_action" "in_cluster_components_removal" {
  type        = "Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}"
  resource_id = data.azapi_resource.cluster.id
  action      = "runCommand"
  method      = "POST"
  when        = "destroy"
  body = {
    command = "${cluster.runCommand.remove}"
  }

  timeouts {
    create = "${platform.installer.scriptTimeoutMinutes?c}m"
    delete = "${platform.installer.scriptTimeoutMinutes?c}m"
  }
}

# A cluster that was public kept these in this root, through the API server. The cluster they lived on was
# replaced (endpointAccess cannot change in place), so forget them without destroying them.
removed {
  from = module.model_cache

  lifecycle {
    destroy = false
  }
}

removed {
  from = module.nvidia_network_operator

  lifecycle {
    destroy = false
  }
}

output "cache_storage_class_name" {
  description = "ReadWriteMany StorageClass for ModelCache PVCs (status cache.storageClassName)."
  value       = "${cluster.storageClassName}"
}
<#else>
# The cluster's address and user kubeconfig (listClusterUserCredential), read after the check above.
data "azurerm_kubernetes_cluster" "this" {
  name                = data.azurerm_resources.cluster.name
  resource_group_name = "${cluster.names.resourceGroup}"

  lifecycle {
    postcondition {
      condition     = try(self.kube_config[0].client_certificate, "") != ""
      error_message = "No kubeconfig could be read for the AKS cluster ${cluster.names.cluster}: the identity running Terraform needs Microsoft.ContainerService/managedClusters/listClusterUserCredential/action on it (for example the Azure Kubernetes Service Cluster User Role)."
    }
  }
}

# The ReadWriteMany StorageClass for ModelCache PVCs; status cache.storageClassName reports its name.
module "model_cache" {
  source = "${modules}model-cache"

  storage_class_name = "${cluster.storageClassName}"
}
<#if cluster.components.networkOperator>

# The NVIDIA network operator and its NicClusterPolicy, because <#list cluster.components.infinibandPools as p>${p.path} ("${p.name}")<#sep>, </#sep></#list>
# set fabric InfiniBand (the infrastructure root checks the subscription feature).
module "nvidia_network_operator" {
  source = "${modules}nvidia-network-operator"

  gpu_taint_key = "${platform.gpuTaintKey}"
}
</#if>

output "cache_storage_class_name" {
  description = "ReadWriteMany StorageClass for ModelCache PVCs (status cache.storageClassName)."
  value       = module.model_cache.storage_class_name
}
</#if>
