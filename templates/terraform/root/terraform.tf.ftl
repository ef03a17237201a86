<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader source/>
terraform {
  required_version = "${versions.terraform}"

  required_providers {
<#if plan.needsInfiniBand()>
    azapi = {
      source  = "Azure/azapi"
      version = "${versions.azapi}"
    }
</#if>
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "${versions.azurerm}"
    }
<#if plan.needsInfiniBand()>
    helm = {
      source  = "hashicorp/helm"
      version = "${versions.helm}"
    }
</#if>
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = "${versions.kubernetes}"
    }
  }
}
