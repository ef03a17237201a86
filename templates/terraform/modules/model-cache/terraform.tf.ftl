<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
terraform {
  required_version = "${platform.versions.terraform}"

  required_providers {
    kubernetes = {
      source  = "hashicorp/kubernetes"
      version = "${platform.versions.kubernetes}"
    }
  }
}
