<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
terraform {
  required_version = "${versions.terraform}"

  required_providers {
    azapi = {
      source  = "Azure/azapi"
      version = "${versions.azapi}"
    }
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "${versions.azurerm}"
    }
    helm = {
      source  = "hashicorp/helm"
      version = "${versions.helm}"
    }
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = "${versions.kubernetes}"
    }
  }
}
