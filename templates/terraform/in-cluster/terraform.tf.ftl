<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<#if cluster.privateEndpoint>
# The cluster's API server is private, so this root never talks to it: azapi posts the in-cluster
# commands to Azure Resource Manager (the AKS run command), azurerm finds the cluster. azapi 2.9.0 is the
# first release that keeps a destroy-time action's changed command in state.
<@hcl.terraformBlock azapi=true azurerm=true azapiVersion=platform.versions.azapiRunCommand/>
<#else>
# The in-cluster root always requires azurerm, helm and kubernetes, whatever pools the cluster has, so
# that switching InfiniBand off or replacing the cluster never leaves objects in its state without the
# providers that destroy them.
<@hcl.terraformBlock azurerm=true helm=true kubernetes=true/>
</#if>
