<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
terraform {
  required_version = "${platform.versions.terraform}"

  required_providers {
<#if cluster.providers.azapi>
    azapi = {
      source  = "Azure/azapi"
      version = "${platform.versions.azapi}"
    }
</#if>
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "${platform.versions.azurerm}"
    }
<#if cluster.providers.helm>
    helm = {
      source  = "hashicorp/helm"
      version = "${platform.versions.helm}"
    }
</#if>
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = "${platform.versions.kubernetes}"
    }
  }
}
