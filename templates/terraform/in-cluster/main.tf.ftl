<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
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
#
# Once, for state written by earlier releases, which kept these objects in the infrastructure root (its
# removed blocks forget them there): import the objects that already exist before the first apply here.
#   terraform -chdir=${roots.inCluster} import module.model_cache.kubernetes_storage_class_v1.this ${cluster.storageClassName}
<#if cluster.components.networkOperator>
#   terraform -chdir=${roots.inCluster} import module.nvidia_network_operator.kubernetes_namespace_v1.this ${platform.networkOperatorNamespace}
# The Helm releases need no import: upgrade_install = true adopts them on the first apply.
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
