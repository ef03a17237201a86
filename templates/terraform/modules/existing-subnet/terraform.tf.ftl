<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
<@hcl.terraformBlock azapi=true azurerm=true/>
