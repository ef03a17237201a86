<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# generate --adopt: take the live cluster over instead of creating it. Each block imports one resource this
# root manages into state on the first plan (Terraform >= 1.5; the ids are expressions, >= 1.6). Review that
# plan: it should show only imports and in-place updates, and no "must be replaced". Once applied, the
# blocks do nothing; regenerate without --adopt to drop this file. The in-cluster root imports nothing unless
# generated with --adopt-in-cluster: its first apply creates the StorageClass and namespace, and upgrade_install
# takes Helm releases of the same name over.

# The subscription Terraform runs against (ARM_SUBSCRIPTION_ID or the Azure CLI login), for the ARM ids.
data "azurerm_client_config" "${subscriptionData}" {}
<#list imports as block>

import {
  to = ${block.to}
  id = "/subscriptions/<#noparse>${</#noparse>data.azurerm_client_config.${subscriptionData}.subscription_id}${block.id}"
}
</#list>
