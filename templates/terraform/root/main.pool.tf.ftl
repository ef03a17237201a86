<#ftl output_format="HCL">
<#import "/terraform/lib.ftl" as hcl>
<@hcl.rootHeader cluster.source/>
<#if pool.gpu>
# GPU node pool from ${pool.path} ("${pool.name}")<#if pool.infiniband>, on the InfiniBand fabric</#if>.
module "${pool.module.terraformName}" {
  source = "${modules}${pool.module.terraformSource}"

  name                        = "${pool.name}"
  kubernetes_cluster_id       = module.cluster.id
  subnet_id                   = module.network.subnet_id
  kubernetes_version          = "${cluster.kubernetesVersion}"
  vm_size                     = "${pool.vmSize}"
  os_disk_size_gb             = ${pool.osDiskSizeGb}
  node_count                  = ${pool.nodeCount}
  min_count                   = ${pool.minCount}
  max_count                   = ${pool.maxCount}
  max_pods                    = ${platform.maxPods}
  zones                       = <@hcl.list pool.zones/>
  node_labels                 = <@hcl.map pool.labels/>
  node_taints                 = <@hcl.list pool.taints/>
  gpu_driver                  = "${pool.gpuDriver}"
  temporary_name_for_rotation = "${pool.rotationName}"
}
<#else>
# Further System node pool from ${pool.path} ("${pool.name}").
module "${pool.module.terraformName}" {
  source = "${modules}${pool.module.terraformSource}"

  name                        = "${pool.name}"
  kubernetes_cluster_id       = module.cluster.id
  subnet_id                   = module.network.subnet_id
  kubernetes_version          = "${cluster.kubernetesVersion}"
  vm_size                     = "${pool.vmSize}"
  os_disk_size_gb             = ${pool.osDiskSizeGb}
  node_count                  = ${pool.nodeCount}
  min_count                   = ${pool.minCount}
  max_count                   = ${pool.maxCount}
  max_pods                    = ${platform.maxPods}
  zones                       = <@hcl.list pool.zones/>
  node_labels                 = <@hcl.map pool.labels/>
  temporary_name_for_rotation = "${pool.rotationName}"
}
</#if>
