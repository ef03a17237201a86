<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# No inputs: what this module installs is the same on every cluster that calls it, and written out in
# values.yaml.
