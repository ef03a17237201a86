<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
output "namespace" {
  description = "Namespace of the release."
  value       = kubernetes_namespace_v1.this.metadata[0].name
}
