<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# The subscription comes from ARM_SUBSCRIPTION_ID (or the Azure CLI login); nothing here names it.
provider "azapi" {}

# The same login as azapi.
provider "azurerm" {
  features {}
}
<#if !cluster.privateEndpoint && cluster.authentication.entraId>

# Helm and Kubernetes reach the cluster at the address and CA the data source in main.tf reads when this
# root plans, so a replaced cluster is reached at its new address. The cluster has no local account
# (spec.authentication EntraID): both sign in with a Microsoft Entra ID token that kubelogin gets for
# the AKS server application when the provider connects, so no key or token is kept in state. kubelogin
# signs in with the Azure CLI login by default; set AAD_LOGIN_METHOD (workloadidentity, spn, msi, ...)
# in the environment to use another one, for example in a pipeline.
locals {
  kube_config = data.azurerm_kubernetes_cluster.this.kube_config[0]
}

provider "helm" {
  kubernetes = {
    host                   = local.kube_config.host
    cluster_ca_certificate = base64decode(local.kube_config.cluster_ca_certificate)
    exec = {
      api_version = "${platform.entraId.execApiVersion}"
      command     = "kubelogin"
      args        = ["get-token", "--login", "${platform.entraId.kubeloginLogin}", "--server-id", "${platform.entraId.serverAppId}"]
    }
  }
}

provider "kubernetes" {
  host                   = local.kube_config.host
  cluster_ca_certificate = base64decode(local.kube_config.cluster_ca_certificate)

  exec {
    api_version = "${platform.entraId.execApiVersion}"
    command     = "kubelogin"
    args        = ["get-token", "--login", "${platform.entraId.kubeloginLogin}", "--server-id", "${platform.entraId.serverAppId}"]
  }
}
<#elseif !cluster.privateEndpoint>

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
