<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
# What this module installs is the same on every cluster with a GPU pool, written out in the three
# values files, but for spec.gpuStack.
variable "stack" {
  description = "spec.gpuStack: DRA (node feature discovery and the NVIDIA DRA driver) or DevicePlugin (node feature discovery and the NVIDIA device plugin)."
  type        = string
  nullable    = false

  validation {
    condition     = contains(["DRA", "DevicePlugin"], var.stack)
    error_message = "stack must be DRA or DevicePlugin; with None the module is not called."
  }
}
