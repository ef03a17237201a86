<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<#assign system = plan.defaultPool()>
<@hcl.rootHeader source/>
# Resource group, VNet and node subnet from spec.location and spec.networking.
module "network" {
  source = "${modules}network"

  location             = "${spec.location}"
  resource_group_name  = "${names.resourceGroup}"
  virtual_network_name = "${names.virtualNetwork}"
  vnet_cidr            = "${networking.vnetCidr}"
  subnet_name          = "${names.subnet}"
  subnet_cidr          = "${networking.subnetCidr}"
}

# The AKS cluster from spec.kubernetesVersion and spec.location; its default node pool is
# ${system.pool().path()} ("${system.name()}"), the first System pool.
module "cluster" {
  source = "${modules}cluster"

  name                     = "${names.cluster}"
  location                 = "${spec.location}"
  resource_group_name      = module.network.resource_group_name
  node_resource_group_name = "${names.nodeResourceGroup}"
  dns_prefix               = "${names.dnsPrefix}"
  kubernetes_version       = "${spec.kubernetesVersion}"
  subnet_id                = module.network.subnet_id
  pod_cidr                 = "${networking.podCidr()}"
  service_cidr             = "${networking.serviceCidr()}"
  dns_service_ip           = "${networking.dnsServiceIp()}"

  default_node_pool = {
    name                        = "${system.name()}"
    vm_size                     = "${system.pool().vmSize()}"
    os_disk_size_gb             = ${system.pool().diskSizeGb()}
    node_count                  = ${system.pool().nodeCount()}
    min_count                   = ${system.pool().autoscalerMin()}
    max_count                   = ${system.pool().maxNodeCount()}
    max_pods                    = ${platform.maxPods}
    zones                       = <@hcl.list system.pool().zones()/>
    node_labels                 = <@hcl.map system.labels()/>
    temporary_name_for_rotation = "${system.rotationName()}"
  }
}

# The ReadWriteMany StorageClass for ModelCache PVCs; status cache.storageClassName reports its name.
module "model_cache" {
  source = "${modules}model-cache"

  storage_class_name = "${plan.storageClassName()}"
}
<#if plan.needsInfiniBand()>

# The NVIDIA network operator and its NicClusterPolicy, because <#list infinibandPools as p>${p.pool().path()} ("${p.name()}")<#sep>, </#sep></#list>
# set fabric InfiniBand; also checks that the subscription has the AKSInfinibandSupport feature.
module "nvidia_network_operator" {
  source = "${modules}nvidia-network-operator"

  gpu_taint_key = "${platform.gpuTaintKey}"
}
</#if>
