<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# The in-cluster root always requires azurerm, helm and kubernetes, whatever pools the cluster has, so
# that switching InfiniBand off or replacing the cluster never leaves objects in its state without the
# providers that destroy them.
<@hcl.terraformBlock azurerm=true helm=true kubernetes=true/>
