<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# generate --adopt: take over what already runs in the live cluster instead of creating it. Each block imports
# one object this root manages on the first plan (Terraform >= 1.5). A block whose object does not exist
# fails that plan: delete the block (or regenerate without --adopt) and the object is created instead.
<#list imports as block>

import {
  to = ${block.to}
  id = "${block.id}"
}
</#list>
