<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
terraform {
  required_version = "${platform.versions.terraform}"

  required_providers {
    azurerm = {
      source  = "hashicorp/azurerm"
      version = "${platform.versions.azurerm}"
    }
  }
}
