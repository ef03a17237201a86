<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
output "device_class" {
  description = "The DeviceClass ResourceClaims name for a whole GPU (stack DRA); null otherwise."
  value       = var.stack == "DRA" ? "${deviceClass}" : null
}
