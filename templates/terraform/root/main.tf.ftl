<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<#assign system = cluster.defaultPool>
<@hcl.rootHeader cluster.source/>
# Resource group, VNet and node subnet from spec.location and spec.networking.
module "network" {
  source = "${modules}network"

  location             = "${cluster.location}"
  resource_group_name  = "${cluster.names.resourceGroup}"
  virtual_network_name = "${cluster.names.virtualNetwork}"
  vnet_cidr            = "${cluster.network.vnetCidr}"
  subnet_name          = "${cluster.names.subnet}"
  subnet_cidr          = "${cluster.network.subnetCidr}"
}

# The AKS cluster from spec.kubernetesVersion and spec.location; its default node pool is
# ${system.path} ("${system.name}"), the first System pool.
module "cluster" {
  source = "${modules}cluster"

  name                     = "${cluster.names.cluster}"
  location                 = "${cluster.location}"
  resource_group_name      = module.network.resource_group_name
  node_resource_group_name = "${cluster.names.nodeResourceGroup}"
  dns_prefix               = "${cluster.names.dnsPrefix}"
  kubernetes_version       = "${cluster.kubernetesVersion}"
  subnet_id                = module.network.subnet_id
  pod_cidr                 = "${cluster.network.podCidr}"
  service_cidr             = "${cluster.network.serviceCidr}"
  dns_service_ip           = "${cluster.network.dnsServiceIp}"

  default_node_pool = {
<@hcl.poolArguments pool=system indent="    " module=false/>
  }
}

# The ReadWriteMany StorageClass for ModelCache PVCs; status cache.storageClassName reports its name.
module "model_cache" {
  source = "${modules}model-cache"

  storage_class_name = "${cluster.storageClassName}"
}
<#if cluster.components.networkOperator>

# The NVIDIA network operator and its NicClusterPolicy, because <#list cluster.components.infinibandPools as p>${p.path} ("${p.name}")<#sep>, </#sep></#list>
# set fabric InfiniBand; also checks that the subscription has the AKSInfinibandSupport feature.
module "nvidia_network_operator" {
  source = "${modules}nvidia-network-operator"

  gpu_taint_key = "${platform.gpuTaintKey}"
}
</#if>
