<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<#if pool.gpu>
# GPU node pool from ${pool.path} ("${pool.name}")<#if pool.infiniband>, on the InfiniBand fabric</#if>.
<#else>
# Further System node pool from ${pool.path} ("${pool.name}").
</#if>
module "${pool.module.terraformName}" {
  source = "${modules}${pool.module.terraformSource}"

<@hcl.poolArguments pool=pool indent="  " module=true/>
}

# Earlier releases called this pool's module by its role; the move keeps its state (nothing happens
# when the old address is not in state). A pool whose role changed in the same regeneration was at
# the other role's address: move it by hand with terraform state mv before planning.
moved {
  from = module.${pool.module.terraformMovedFrom}
  to   = module.${pool.module.terraformName}
}
