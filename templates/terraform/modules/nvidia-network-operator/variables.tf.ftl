<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# What this module installs is the same on every InfiniBand cluster, written out in the values files and
# charts/nic-cluster-policy, but for who runs node feature discovery.
variable "values_file" {
  description = "network-operator.values.yaml: the operator runs its own node-feature-discovery (spec.gpuStack None); network-operator.external-nfd.values.yaml: its own is off, as the GPU stack's serves it (one per cluster)."
  type        = string
  nullable    = false
}
