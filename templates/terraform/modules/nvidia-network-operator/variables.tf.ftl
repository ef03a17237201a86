<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# No inputs: what this module installs is the same on every InfiniBand cluster, and written out in
# network-operator.values.yaml and charts/nic-cluster-policy.
