<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# The infrastructure root needs only Azure's providers, whatever pools the cluster has: what runs inside
# the cluster is in the in-cluster root (${roots.toInCluster}/), applied after this one.
<@hcl.terraformBlock azapi=true azurerm=true/>
