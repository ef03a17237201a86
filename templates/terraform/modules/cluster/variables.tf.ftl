<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.moduleHeader/>
variable "name" {
  type        = string
  description = "Name of the AKS cluster (from metadata.name)."
  nullable    = false
}

variable "location" {
  type        = string
  description = "Azure region (spec.location)."
  nullable    = false
}

variable "resource_group_name" {
  type        = string
  description = "Resource group the cluster lives in."
  nullable    = false
}

variable "node_resource_group_name" {
  type        = string
  description = "Resource group AKS creates for the nodes; set explicitly to stay within Azure's 80 characters."
  nullable    = false
}

variable "dns_prefix" {
  type        = string
  description = "DNS prefix of the API server."
  nullable    = false
}

variable "kubernetes_version" {
  type        = string
  description = "Kubernetes version of the control plane and the default pool (spec.kubernetesVersion)."
  nullable    = false
}

variable "subnet_id" {
  type        = string
  description = "Resource ID of the node subnet."
  nullable    = false
}

variable "pod_cidr" {
  type        = string
  description = "Azure CNI overlay pod range."
  nullable    = false
}

variable "service_cidr" {
  type        = string
  description = "Kubernetes service range."
  nullable    = false
}

variable "dns_service_ip" {
  type        = string
  description = "Cluster DNS service address inside service_cidr."
  nullable    = false
}

variable "default_node_pool" {
  type = object({
    name                        = string
    vm_size                     = string
    os_disk_size_gb             = number
    node_count                  = number
    min_count                   = number
    max_count                   = number
    max_pods                    = number
    zones                       = list(string)
    node_labels                 = map(string)
    temporary_name_for_rotation = string
<#list settings as s>
    ${s.terraform?right_pad(28)}= optional(${s.hclType})
</#list>
<#if upgradeSettings>
    max_surge                   = optional(string, "${platform.maxSurge}")
    drain_timeout_in_minutes    = optional(number)
</#if>
  })
  description = "The first System pool of the spec (spec.nodePools[i]), or upstream Modelplane's injected default pool when the spec has none; node_count is the initial size only."
  nullable    = false
}
<#if tags>

variable "tags" {
  type        = map(string)
  description = "Azure tags of the cluster and its default node pool (spec.tags)."
  default     = {}
  nullable    = false
}
</#if>
<#if workloadIdentity>

variable "workload_identity_enabled" {
  type        = bool
  description = "AKS workload identity (spec.workloadIdentity)."
  default     = false
  nullable    = false
}
</#if>
<#if entraId>

variable "entra_id" {
  type = list(object({
    admin_group_object_ids = list(string)
  }))
  description = "spec.authentication EntraID: one element with the admin groups (spec.authentication.adminGroupObjectIds) for local accounts off and Microsoft Entra ID integration with Azure RBAC; empty (the default) for LocalAccounts."
  default     = []
  nullable    = false
}
</#if>
<#if authorizedIpRanges && !privateEndpoint>

variable "authorized_ip_ranges" {
  type        = list(string)
  description = "IPv4 CIDRs the public API server accepts (spec.apiServer.authorizedIpRanges); empty for any source."
  default     = []
  nullable    = false
}
</#if>
<#if maintenance>

variable "maintenance" {
  type = object({
    node_os_upgrade_channel = string
    maintenance_window_auto_upgrade = object({
      day_of_week = string
      start_time  = string
      utc_offset  = string
      duration    = number
    })
    maintenance_window_node_os = object({
      day_of_week = string
      start_time  = string
      utc_offset  = string
      duration    = number
    })
  })
  description = "spec.maintenance: the node OS upgrade channel and the weekly windows of the cluster auto-upgrade and node OS channels; by default NodeImage and the generator's windows."
  default = {
    node_os_upgrade_channel = "${platform.maintenance.nodeOsUpgradeChannel}"
    maintenance_window_auto_upgrade = {
      day_of_week = "${platform.maintenance.autoUpgrade.dayOfWeek}"
      start_time  = "${platform.maintenance.autoUpgrade.startTime}"
      utc_offset  = "${platform.maintenance.autoUpgrade.utcOffset}"
      duration    = ${platform.maintenance.autoUpgrade.durationHours}
    }
    maintenance_window_node_os = {
      day_of_week = "${platform.maintenance.nodeOs.dayOfWeek}"
      start_time  = "${platform.maintenance.nodeOs.startTime}"
      utc_offset  = "${platform.maintenance.nodeOs.utcOffset}"
      duration    = ${platform.maintenance.nodeOs.durationHours}
    }
  }
  nullable = false
}
</#if>
