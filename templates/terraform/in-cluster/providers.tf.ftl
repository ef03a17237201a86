<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# The subscription comes from ARM_SUBSCRIPTION_ID (or the Azure CLI login); nothing here names it.
provider "azapi" {}

# The same login as azapi.
provider "azurerm" {
  features {}
}
<#if !cluster.privateEndpoint>

# Helm and Kubernetes reach the cluster with the kubeconfig the data source in main.tf reads when this
# root plans, so a replaced cluster is reached at its new address. The cluster has local accounts and
# no Microsoft Entra integration, so its user kubeconfig holds a client certificate with admin rights.
locals {
  kube_config = data.azurerm_kubernetes_cluster.this.kube_config[0]
}

provider "helm" {
  kubernetes = {
    host                   = local.kube_config.host
    client_certificate     = base64decode(local.kube_config.client_certificate)
    client_key             = base64decode(local.kube_config.client_key)
    cluster_ca_certificate = base64decode(local.kube_config.cluster_ca_certificate)
  }
}

provider "kubernetes" {
  host                   = local.kube_config.host
  client_certificate     = base64decode(local.kube_config.client_certificate)
  client_key             = base64decode(local.kube_config.client_key)
  cluster_ca_certificate = base64decode(local.kube_config.cluster_ca_certificate)
}
</#if>
