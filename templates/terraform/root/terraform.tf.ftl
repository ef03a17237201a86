<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<@hcl.terraformBlock azapi=cluster.providers.azapi azurerm=true helm=cluster.providers.helm kubernetes=true/>
