<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
output "route_table_id" {
  description = "Resource ID of the route table associated with the existing subnet; empty when it has none."
  value       = try(data.azapi_resource.subnet.output.properties.routeTable.id, "")
}
