<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<#if pool.gpu>
# GPU node pool from ${pool.path} ("${pool.name}")<#if pool.infiniband>, on the InfiniBand fabric</#if><#if pool.spot>, on Azure Spot VMs</#if>.
<#else>
# Further System node pool from ${pool.path} ("${pool.name}").
</#if>
module "${pool.module.terraformName}" {
  source = "${modules}${pool.module.terraformSource}"

<@hcl.poolArguments pool=pool indent="  " module=true/>
<#if cluster.tags?has_content>

  # spec.tags (main.tf): AKS does not copy the cluster's tags to its pools.
  tags = local.tags
</#if>
}
