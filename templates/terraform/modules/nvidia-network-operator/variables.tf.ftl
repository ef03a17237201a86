<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "gpu_taint_key" {
  type        = string
  description = "Key of the taint on GPU nodes, which the operator's DaemonSets tolerate."
  nullable    = false
}
