<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
# generate --adopt-in-cluster: take over the objects a cluster Modelplane built already holds instead of
# creating them. Each block imports one object this root manages on the first plan (Terraform >= 1.5). A
# block whose object does not exist fails that plan: regenerate with --adopt instead, and the object is
# created. The Helm releases need no block: upgrade_install takes a release of the same name over.
<#list imports as block>

import {
  to = ${block.to}
  id = "${block.id}"
}
</#list>
