<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "infiniband_node_selector" {
  type        = map(string)
  description = "Node labels of the InfiniBand pools; the NicClusterPolicy's DaemonSets run only there."
  nullable    = false
}

variable "gpu_taint_key" {
  type        = string
  description = "Key of the taint on GPU nodes, which the operator's DaemonSets tolerate."
  nullable    = false
}
