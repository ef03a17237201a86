<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# What this module installs is the same on every InfiniBand cluster, written out in
# network-operator.values.yaml and charts/nic-cluster-policy, but for who runs node feature discovery.
variable "bundled_node_feature_discovery" {
  description = "True to run the operator's own node-feature-discovery (network-operator.values.yaml); false where the GPU stack's one serves it (network-operator.external-nfd.values.yaml), so that a cluster runs one."
  type        = bool
  nullable    = false
}
