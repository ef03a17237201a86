<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader source/>
<#if pool.pool().isGpu()>
# GPU node pool from ${pool.pool().path()} ("${pool.name()}")<#if pool.pool().isInfiniBand()>, on the InfiniBand fabric</#if>.
module "gpu_pool_${pool.identifier()}" {
  source = "${modules}gpu-node-pool"

  name                        = "${pool.name()}"
  kubernetes_cluster_id       = module.cluster.id
  subnet_id                   = module.network.subnet_id
  kubernetes_version          = "${spec.kubernetesVersion}"
  vm_size                     = "${pool.pool().vmSize()}"
  os_disk_size_gb             = ${pool.pool().diskSizeGb()}
  node_count                  = ${pool.pool().nodeCount()}
  min_count                   = ${pool.pool().autoscalerMin()}
  max_count                   = ${pool.pool().maxNodeCount()}
  max_pods                    = ${platform.maxPods}
  zones                       = <@hcl.list pool.pool().zones()/>
  node_labels                 = <@hcl.map pool.labels()/>
  node_taints                 = <@hcl.list pool.taints()/>
  gpu_driver                  = "<#if pool.installGpuDriver()>Install<#else>None</#if>"
  temporary_name_for_rotation = "${pool.rotationName()}"
}
<#else>
# Further System node pool from ${pool.pool().path()} ("${pool.name()}").
module "system_pool_${pool.identifier()}" {
  source = "${modules}system-node-pool"

  name                        = "${pool.name()}"
  kubernetes_cluster_id       = module.cluster.id
  subnet_id                   = module.network.subnet_id
  kubernetes_version          = "${spec.kubernetesVersion}"
  vm_size                     = "${pool.pool().vmSize()}"
  os_disk_size_gb             = ${pool.pool().diskSizeGb()}
  node_count                  = ${pool.pool().nodeCount()}
  min_count                   = ${pool.pool().autoscalerMin()}
  max_count                   = ${pool.pool().maxNodeCount()}
  max_pods                    = ${platform.maxPods}
  zones                       = <@hcl.list pool.pool().zones()/>
  node_labels                 = <@hcl.map pool.labels()/>
  temporary_name_for_rotation = "${pool.rotationName()}"
}
</#if>
