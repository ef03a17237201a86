<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
terraform {
  required_version = "${versions.terraform}"

  required_providers {
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = "${versions.kubernetes}"
    }
  }
}
