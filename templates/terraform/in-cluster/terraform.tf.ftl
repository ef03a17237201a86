<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<#if cluster.privateEndpoint>
# The cluster's API server is private, so this root never talks to it: azapi finds the cluster by its
# exact id and posts the in-cluster commands to Azure Resource Manager (the AKS run command). azapi 2.9.0
# is the first release that keeps a destroy-time action's changed command in state. azurerm stays, with
# its configuration, for the data sources an earlier revision of this root (or its public form) left in
# state: azurerm cannot be configured implicitly (its features block is required).
<#if cluster.authentication.runCommandToken>
# The cluster has no local account (spec.authentication EntraID), so each command carries a Microsoft
# Entra ID token that stays out of state and plan: an ephemeral input variable (Terraform 1.10) in a
# write-only argument (Terraform 1.11), azapi_resource_action's sensitive_body (azapi 2.11.0).
<@hcl.terraformBlock azapi=true azurerm=true terraformVersion=platform.versions.terraformWriteOnly azapiVersion=platform.versions.azapiSensitiveBody/>
<#else>
<@hcl.terraformBlock azapi=true azurerm=true/>
</#if>
<#else>
# The in-cluster root always requires azurerm, helm and kubernetes, whatever pools the cluster has, so
# that switching InfiniBand off or replacing the cluster never leaves objects in its state without the
# providers that destroy them. azapi finds the cluster by its exact id, and forgets the run-command
# actions of a cluster that was private (the release that wrote them, 2.9 or later).
<@hcl.terraformBlock azapi=true azurerm=true helm=true kubernetes=true/>
</#if>
