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
# (no AKS built-in role has both; Contributor does), and .../managedClusters/read for the check below.
<#if cluster.authentication.runCommandToken>
#
# The cluster has no local account (spec.authentication EntraID): the run command runs each command as
# the Microsoft Entra identity whose token comes with it (clusterToken), so that identity also needs
# Kubernetes rights through Microsoft Entra ID: the Azure Kubernetes Service RBAC Cluster Admin role on
# the cluster, or membership of one of its admin groups (spec.authentication.adminGroupObjectIds).
# Every plan, apply and destroy of this root takes the token of the identity running Terraform, for the
# AKS server application, in the ephemeral variable ${platform.entraId.runCommandTokenVariable}; it is kept in neither state nor
# plan, so a saved plan needs it set again for its apply. For example:
#   export TF_VAR_${platform.entraId.runCommandTokenVariable}="$(az account get-access-token --resource ${platform.entraId.serverAppId} --query accessToken -o tsv)"
</#if>
#
# A command that ends with a non-zero exit code fails the apply, and every later plan, with its logs.
# Fix the cause, then run it again: terraform -chdir=${roots.inCluster} apply -replace=azapi_resource_action.in_cluster_components
#
# The commands are the Bicep output's: the StorageClass applied, the GPU stack and the NVIDIA network
<#if cluster.authentication.runCommandToken>
# operator installed or removed. Destroying this root runs no command: a destroy-time action cannot
# carry the token (azapi v2.11.0 azapi_resource_action_resource.go:289-294 refuses sensitive_body with
# when = "destroy"), so every component stays in the cluster until the cluster itself goes. To remove
# them first (every component, the last installed first, the StorageClass last), run the removal
# command with the Azure CLI, which sends the token of its own login, then destroy this root:
#   az aks command invoke --resource-group ${cluster.names.resourceGroup} --name ${cluster.names.cluster} --command "$(terraform -chdir=${roots.inCluster} output -raw in_cluster_removal_command)"
<#else>
# operator installed or removed. Destroying this root runs the removal command (every component, the last
# installed first, the StorageClass last);
# Terraform checks no condition on destroy, so that command's exit code is not checked.
</#if>

<#else>
# What runs inside the cluster. Apply the infrastructure root (${roots.toInfrastructure}/) first, then this
# one; destroy this one first, then the infrastructure root. From the output folder:
#   terraform -chdir=${roots.infrastructure} init && terraform -chdir=${roots.infrastructure} apply
#   terraform -chdir=${roots.inCluster} init && terraform -chdir=${roots.inCluster} apply
<#if cluster.authentication.entraId>
# The identity running it needs Microsoft.ContainerService/managedClusters/read and
# .../listClusterUserCredential/action on the cluster (for example the Azure Kubernetes Service Cluster
# User Role), for the cluster's address and CA, and Kubernetes rights through Microsoft Entra ID: the
# Azure Kubernetes Service RBAC Cluster Admin role on the cluster, or membership of one of its admin
# groups (spec.authentication.adminGroupObjectIds). kubelogin must be on the PATH.
<#else>
# The identity running it needs Microsoft.ContainerService/managedClusters/read and
# .../listClusterUserCredential/action on the cluster (for example the Azure Kubernetes Service Cluster
# User Role).
</#if>
#
# When the cluster is replaced (a new name, location or first System pool), the next plan of this root
# finds none of its objects on the new cluster, drops them from state and creates them again. If the
# cluster was deleted before this root was destroyed, its objects went with it: terraform state rm them.

</#if>
# The subscription azapi is configured with (ARM_SUBSCRIPTION_ID or the Azure CLI login).
data "azapi_client_config" "current" {}

# This cluster, by its exact ARM id: the subscription above, and the resource group and name this
# cluster's YAML gives it. A cluster of the same name in another resource group (another namespace) is
# never read<#if cluster.privateEndpoint>, nor given a command</#if>.
# ignore_not_found turns a missing cluster or resource group into exists = false (azapi v2.9.0
# azapi_resource_data_source.go:279-295), so the plan stops here with the order of applies.
<#if cluster.privateEndpoint>
# The resourceUID changes when the cluster is created again under the same id (a replaced cluster), so
# both commands below change and follow the new cluster.
</#if>
data "azapi_resource" "cluster" {
  type                   = "Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}"
  parent_id              = "<#noparse>${data.azapi_client_config.current.subscription_resource_id}</#noparse>/resourceGroups/${cluster.names.resourceGroup}"
  name                   = "${cluster.names.cluster}"
  ignore_not_found       = true
  response_export_values = ["properties.resourceUID"]

  lifecycle {
    postcondition {
      condition     = self.exists
      error_message = "The AKS cluster ${cluster.names.cluster} in resource group ${cluster.names.resourceGroup} does not exist yet. Apply the infrastructure root ${roots.infrastructure} (the folder above this root) first, then this root."
    }
  }
}

<#if cluster.privateEndpoint>
<#if cluster.authentication.runCommandToken>
# The token of the identity running Terraform for the AKS server application, which the run command
# needs on a cluster without local accounts (clusterToken). Ephemeral: never written to state or plan.
variable "${platform.entraId.runCommandTokenVariable}" {
  description = "Microsoft Entra ID access token for the AKS server application (${platform.entraId.serverAppId}) of the identity running Terraform, sent with each AKS run command as clusterToken. Set TF_VAR_${platform.entraId.runCommandTokenVariable} to the output of: az account get-access-token --resource ${platform.entraId.serverAppId} --query accessToken -o tsv"
  type        = string
  ephemeral   = true
  sensitive   = true
  nullable    = false
}

locals {
  # The converging command, written once: the action below sends it, and its hash decides when the
  # token goes with it.
  in_cluster_command = "${cluster.runCommand.clusterUidVariable}='<#noparse>${data.azapi_resource.cluster.output.properties.resourceUID}</#noparse>' && ${cluster.runCommand.converge}"
}

</#if>
# status.cache.storageClassName<#if cluster.components.gpuStackInstalled>; spec.gpuStack ${cluster.components.gpuStack} (node feature discovery and
# <#if cluster.components.draDriver>the NVIDIA DRA driver<#else>the NVIDIA device plugin</#if>), because of the GPU pools<#else>; no GPU stack (spec.gpuStack None or no GPU pool: its releases removed)</#if><#if cluster.components.networkOperator>; the NVIDIA network operator and its NicClusterPolicy, because
# <#list cluster.components.infinibandPools as p>${p.path} ("${p.name}")<#sep>, </#sep></#list> set fabric InfiniBand<#else>; the NVIDIA network operator removed, as no pool
# sets fabric InfiniBand</#if>. Runs again whenever the command changes.
resource "azapi_resource_action" "in_cluster_components" {
  type        = "Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}"
  resource_id = data.azapi_resource.cluster.id
  action      = "runCommand"
  method      = "POST"
<#if cluster.authentication.runCommandToken>
  body = {
    command = local.in_cluster_command
  }
  # Write-only (azapi v2.11.0 azapi_resource_action_resource.go:178-182), merged into body when sent
  # (:523-545). With a version map, a property goes only when its version differs from the one in
  # state (resource.go:246-272), so the token goes whenever the command changes, and always on a
  # -replace; a new token alone runs nothing again.
  sensitive_body = {
    clusterToken = var.${platform.entraId.runCommandTokenVariable}
  }
  sensitive_body_version = {
    clusterToken = sha256(local.in_cluster_command)
  }
<#else>
  body = {
    command = "${cluster.runCommand.clusterUidVariable}='<#noparse>${data.azapi_resource.cluster.output.properties.resourceUID}</#noparse>' && ${cluster.runCommand.converge}"
  }
</#if>
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

<#if cluster.authentication.runCommandToken>
# A root that switched from LocalAccounts keeps its destroy-time removal in state. Destroying it would
# run the stored command (azapi v2.11.0 azapi_resource_action_resource.go:413-421), which removes every
# component and carries no token, so forget it without running it.
removed {
  from = azapi_resource_action.in_cluster_components_removal

  lifecycle {
    destroy = false
  }
}

# What the removal of the LocalAccounts form runs on destroy, for the manual step in the header.
output "in_cluster_removal_command" {
  description = "Removes every in-cluster component from this cluster (only where they were installed for its resourceUID); run it with az aks command invoke before destroying this root if they should go."
  value       = "${cluster.runCommand.clusterUidVariable}='<#noparse>${data.azapi_resource.cluster.output.properties.resourceUID}</#noparse>' && ${cluster.runCommand.remove}"
}
<#else>
# Destroying this root removes what the command above put into the cluster. The command is kept in state
# on every apply (azapi v2.9.0 azapi_resource_action_resource.go:348-352), and a destroy runs the stored
# one (:355-363). It carries the resourceUID of the cluster it was made for, and deletes nothing unless
# the cluster it runs on holds that resourceUID in the ConfigMap ${cluster.runCommand.clusterMarker},
# which only the command above writes, each time with its own cluster's resourceUID. On any other
# cluster, including one created again under the same id, it exits 1 at once. It comes after the
# command above, so if both were ever replaced in one apply, the old removal would finish before the
# install runs again.
resource "azapi_resource_action" "in_cluster_components_removal" {
  type        = "Microsoft.ContainerService/managedClusters@${platform.api.managedClusters}"
  resource_id = data.azapi_resource.cluster.id
  action      = "runCommand"
  method      = "POST"
  when        = "destroy"
  body = {
    command = "${cluster.runCommand.clusterUidVariable}='<#noparse>${data.azapi_resource.cluster.output.properties.resourceUID}</#noparse>' && ${cluster.runCommand.remove}"
  }

  timeouts {
    create = "${platform.installer.scriptTimeoutMinutes?c}m"
    delete = "${platform.installer.scriptTimeoutMinutes?c}m"
  }

  depends_on = [azapi_resource_action.in_cluster_components]
}
</#if>

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

removed {
  from = module.node_feature_discovery

  lifecycle {
    destroy = false
  }
}

removed {
  from = module.nvidia_dra_driver

  lifecycle {
    destroy = false
  }
}

removed {
  from = module.nvidia_device_plugin

  lifecycle {
    destroy = false
  }
}

output "cache_storage_class_name" {
  description = "ReadWriteMany StorageClass for ModelCache PVCs (status cache.storageClassName)."
  value       = "${cluster.storageClassName}"
}
<#else>
<#if cluster.authentication.entraId>
# The cluster's address and CA from its user kubeconfig (listClusterUserCredential), read after the
# check above. With local accounts off it holds no client certificate or key (azurerm v5.2.0 reads the
# kubelogin form and leaves both empty), only the kubelogin command the providers run instead.
<#else>
# The cluster's address and user kubeconfig (listClusterUserCredential), read after the check above.
</#if>
data "azurerm_kubernetes_cluster" "this" {
  name                = data.azapi_resource.cluster.name
  resource_group_name = "${cluster.names.resourceGroup}"

  lifecycle {
    postcondition {
<#if cluster.authentication.entraId>
      condition     = try(self.kube_config[0].cluster_ca_certificate, "") != ""
<#else>
      condition     = try(self.kube_config[0].client_certificate, "") != ""
</#if>
      error_message = "No kubeconfig could be read for the AKS cluster ${cluster.names.cluster}: the identity running Terraform needs Microsoft.ContainerService/managedClusters/listClusterUserCredential/action on it (for example the Azure Kubernetes Service Cluster User Role)."
    }
  }
}

# The ReadWriteMany StorageClass for ModelCache PVCs; status cache.storageClassName reports its name.
module "model_cache" {
  source = "${modules}model-cache"

  storage_class_name = "${cluster.storageClassName}"
}
<#if cluster.components.gpuStackInstalled>

# The GPU stack (spec.gpuStack ${cluster.components.gpuStack}), because the cluster has a GPU pool. Node feature
# discovery first: its labels place the GPU DaemonSets. Another gpuStack swaps the second module; without a
# GPU pool (or with None) both go, uninstalling their releases.
module "node_feature_discovery" {
  source = "${modules}node-feature-discovery"
}
<#if cluster.components.draDriver>

# GPUs bind to pods through ResourceClaims (DeviceClass gpu.nvidia.com<#if cluster.components.migSlices>; the MIG pools' instances:
# mig.nvidia.com</#if>).
module "nvidia_dra_driver" {
  source = "${modules}nvidia-dra-driver"

  depends_on = [module.node_feature_discovery]
}
<#else>

# Pods request nvidia.com/gpu<#if cluster.components.migSlices>; on the MIG pools nvidia.com/mig-<profile>, such as
# nvidia.com/mig-3g.40gb (migStrategy mixed)</#if>.
module "nvidia_device_plugin" {
  source = "${modules}${cluster.components.devicePluginModule}"

  depends_on = [module.node_feature_discovery]
}
</#if>
</#if>
<#if cluster.components.networkOperator>

# The NVIDIA network operator and its NicClusterPolicy, because <#list cluster.components.infinibandPools as p>${p.path} ("${p.name}")<#sep>, </#sep></#list>
# set fabric InfiniBand (the infrastructure root checks the subscription feature).
<#if cluster.components.gpuStackInstalled>
# The GPU stack's node feature discovery serves it (one per cluster), so it comes first: the operator's
# NodeFeatureRule needs its CRD.
</#if>
module "nvidia_network_operator" {
  source = "${modules}nvidia-network-operator"

  values_file = "<#if cluster.components.operatorNodeFeatureDiscovery>network-operator.values.yaml<#else>network-operator.external-nfd.values.yaml</#if>"
<#if cluster.components.gpuStackInstalled>

  depends_on = [module.node_feature_discovery]
</#if>
}
</#if>

# A cluster that was private kept these in this root, through the AKS run command. The cluster they ran
# on was replaced (endpointAccess cannot change in place), so forget them without destroying them.
# Destroying the removal would run its stored command (azapi v2.9.0
# azapi_resource_action_resource.go:355-363) on the new cluster, which has the same id, while this apply
# installs the same objects there. Forgetting runs no command, and from Terraform 1.9.3 does not even
# refresh them.
removed {
  from = azapi_resource_action.in_cluster_components

  lifecycle {
    destroy = false
  }
}

removed {
  from = azapi_resource_action.in_cluster_components_removal

  lifecycle {
    destroy = false
  }
}

output "cache_storage_class_name" {
  description = "ReadWriteMany StorageClass for ModelCache PVCs (status cache.storageClassName)."
  value       = module.model_cache.storage_class_name
}
</#if>
