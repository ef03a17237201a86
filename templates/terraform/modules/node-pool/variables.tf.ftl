<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "name" {
  type        = string
  description = "Pool name (spec.nodePools[i].name)."
  nullable    = false
}

variable "kubernetes_cluster_id" {
  type        = string
  description = "Resource ID of the AKS cluster."
  nullable    = false
}

variable "subnet_id" {
  type        = string
  description = "Resource ID of the node subnet."
  nullable    = false
}

variable "kubernetes_version" {
  type        = string
  description = "Kubernetes minor of the nodes (spec.kubernetesVersion), from the cluster module once its control plane runs it."
  nullable    = false
}

variable "vm_size" {
  type        = string
  description = "VM size (spec.nodePools[i].vmSize)."
  nullable    = false
}

variable "os_disk_size_gb" {
  type        = number
  description = "OS disk size in GB (spec.nodePools[i].diskSizeGb)."
  nullable    = false
}

variable "node_count" {
  type        = number
  description = "Initial node count (spec.nodePools[i].nodeCount); the autoscaler owns it afterwards."
  nullable    = false
}

variable "min_count" {
  type        = number
  description = "Autoscaler lower bound (spec.nodePools[i].minNodeCount)."
  nullable    = false
}

variable "max_count" {
  type        = number
  description = "Autoscaler upper bound (spec.nodePools[i].maxNodeCount)."
  nullable    = false
}

variable "max_pods" {
  type        = number
  description = "Pods per node."
  nullable    = false
}

variable "zones" {
  type        = list(string)
  description = "Availability zones (spec.nodePools[i].zones); empty for none."
  nullable    = false
}

variable "mode" {
  type        = string
  description = "System for a further System pool, User for a GPU pool (spec.nodePools[i].role); changes in place."
  nullable    = false
}

variable "node_labels" {
  type        = map(string)
  description = "Node labels: the pool name and, on GPU pools, the accelerator type."
  nullable    = false
}

variable "node_taints" {
  type        = list(string)
  description = "Node taints as key=value:Effect: the GPU taint on GPU pools, none on System pools."
  nullable    = false
}

variable "gpu_driver" {
  type        = string
  description = "Install lets AKS install the NVIDIA driver (GPU pools); null for System pools. Changing it replaces the pool."
  default     = null
}

<#if spotPool>
variable "eviction_policy" {
  type        = string
  description = "What happens to an evicted Spot node: Delete. Changing it replaces the pool."
  nullable    = false
}

variable "spot_max_price" {
  type        = number
  description = "Most the pool pays per node and hour in US dollars (spec.nodePools[i].spotMaxPrice); -1 pays up to the regular price. Changing it replaces the pool."
  nullable    = false
}
<#else>
variable "max_surge" {
  type        = string
  description = "Extra nodes the pool adds while it upgrades (System pools); null when max_unavailable is set."
  default     = null
}

variable "max_unavailable" {
  type        = string
  description = "Nodes cordoned and drained at a time while the pool upgrades, without a surge node (GPU pools); null when max_surge is set."
  default     = null
}
<#if upgradeSettings>

variable "drain_timeout_in_minutes" {
  type        = number
  description = "Minutes AKS waits for the pods of a node to be evicted during an upgrade (spec.nodePools[i].upgrade.drainTimeoutMinutes); null leaves the AKS default. Removing a set value replaces the pool: set 30 instead."
  default     = null
}
</#if>
</#if>

variable "temporary_name_for_rotation" {
  type        = string
  description = "Temporary pool name AKS uses while it replaces the pool (changing vm_size, disk or zones)."
  nullable    = false
}
<#if migProfile>

variable "gpu_instance" {
  type        = string
  description = "Multi-Instance GPU profile, MIG1g to MIG7g (spec.nodePools[i].gpu.migProfile); null for whole GPUs. Changing it replaces the pool."
  default     = null
}
</#if>
<#list settings as s>

variable "${s.terraform}" {
  type        = ${s.hclType}
  description = "${s.description}"
  default     = null
}
</#list>
<#if tags>

variable "tags" {
  type        = map(string)
  description = "Azure tags of the node pool (spec.tags): AKS does not copy the cluster tags to it."
  default     = {}
  nullable    = false
}
</#if>
