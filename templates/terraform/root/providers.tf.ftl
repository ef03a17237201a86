<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# The subscription comes from ARM_SUBSCRIPTION_ID (or the Azure CLI login); nothing here names it.
provider "azurerm" {
  features {}
}
<#if cluster.providers.helm>

# Reads the subscription feature registration InfiniBand pools need (read only; see module nvidia_network_operator).
provider "azapi" {}

# Helm and Kubernetes reach the new cluster with the client certificate of its local admin kubeconfig.
provider "helm" {
  kubernetes = {
    host                   = module.cluster.host
    client_certificate     = module.cluster.client_certificate
    client_key             = module.cluster.client_key
    cluster_ca_certificate = module.cluster.cluster_ca_certificate
  }
}
<#else>

# Kubernetes reaches the new cluster with the client certificate of its local admin kubeconfig.
</#if>

provider "kubernetes" {
  host                   = module.cluster.host
  client_certificate     = module.cluster.client_certificate
  client_key             = module.cluster.client_key
  cluster_ca_certificate = module.cluster.cluster_ca_certificate
}
