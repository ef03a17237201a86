<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
terraform {
  required_version = "${platform.versions.terraform}"

  required_providers {
    azapi = {
      source  = "Azure/azapi"
      version = "${platform.versions.azapi}"
    }
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "${platform.versions.azurerm}"
    }
    helm = {
      source  = "hashicorp/helm"
      version = "${platform.versions.helm}"
    }
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = "${platform.versions.kubernetes}"
    }
  }
}
