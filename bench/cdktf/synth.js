// CDK for Terraform equivalent of `modelplane generate --target terraform` for N seed-shaped clusters:
// one stack per cluster with the same resources (resource group, VNet, subnet, AKS cluster, GPU node
// pool, network operator Helm release, NicClusterPolicy chart release, cache StorageClass), three
// providers and four outputs. Generic resources (no prebuilt provider bindings); app.synth() writes JSON.
const { App, TerraformStack, TerraformResource, TerraformProvider, TerraformOutput } = require("cdktf");
const count = parseInt(process.argv[2], 10);
const outdir = process.argv[3];

class Generic extends TerraformResource {
  constructor(scope, id, type, attributes) {
    super(scope, id, { terraformResourceType: type });
    this.attributes = attributes;
  }
  synthesizeAttributes() { return this.attributes; }
}
class Provider extends TerraformProvider {
  constructor(scope, id, name, source, attributes) {
    super(scope, id, { terraformResourceType: name, terraformGeneratorMetadata: { providerName: name }, terraformProviderSource: source });
    this.attributes = attributes;
  }
  synthesizeAttributes() { return this.attributes; }
}

const app = new App({ outdir, skipValidation: false });
for (let i = 0; i < count; i++) {
  const name = `inference-${i}`;
  const second = 100 + Math.floor(i / 250), third = i % 250;
  const stack = new TerraformStack(app, `fleet-${name}`);
  new Provider(stack, "azurerm", "azurerm", "hashicorp/azurerm", { features: {} });
  const rg = new Generic(stack, "rg", "azurerm_resource_group", { name: `rg-fleet_${name}`, location: "westeurope" });
  const vnet = new Generic(stack, "vnet", "azurerm_virtual_network", {
    name: `vnet-${name}`, location: "westeurope", resource_group_name: rg.getStringAttribute("name"),
    address_space: [`10.${second}.${third}.0/24`] });
  const subnet = new Generic(stack, "subnet", "azurerm_subnet", {
    name: `snet-${name}`, resource_group_name: rg.getStringAttribute("name"),
    virtual_network_name: vnet.getStringAttribute("name"), address_prefixes: [`10.${second}.${third}.0/25`] });
  const aks = new Generic(stack, "cluster", "azurerm_kubernetes_cluster", {
    name, location: "westeurope", resource_group_name: rg.getStringAttribute("name"), dns_prefix: name,
    kubernetes_version: "1.35", node_resource_group: `rg-fleet_${name}-nodes`, local_account_disabled: false,
    default_node_pool: { name: "system", vm_size: "Standard_D8s_v5", node_count: 2, vnet_subnet_id: subnet.getStringAttribute("id"),
      temporary_name_for_rotation: "systemtmp", upgrade_settings: { max_surge: "10%" } },
    identity: { type: "SystemAssigned" },
    network_profile: { network_plugin: "azure", network_plugin_mode: "overlay", pod_cidr: "10.244.0.0/16",
      service_cidr: "10.96.0.0/16", dns_service_ip: "10.96.0.10" } });
  new Generic(stack, "gpu", "azurerm_kubernetes_cluster_node_pool", {
    name: "gpuh100", kubernetes_cluster_id: aks.getStringAttribute("id"), mode: "User", vm_size: "Standard_ND96isr_H100_v5",
    os_disk_size_gb: 200, auto_scaling_enabled: true, node_count: 1, min_count: 1, max_count: 8, gpu_driver: "Install",
    node_labels: { "modelplane.ai/accelerator": "nvidia-h100", "modelplane.ai/pool": "gpuh100" },
    node_taints: ["nvidia.com/gpu=present:NoSchedule"], orchestrator_version: "1.35",
    lifecycle: { ignore_changes: ["node_count"] } });
  new Provider(stack, "helm", "helm", "hashicorp/helm", { kubernetes: { host: aks.getStringAttribute("kube_config.0.host") } });
  new Provider(stack, "kubernetes", "kubernetes", "hashicorp/kubernetes", { host: aks.getStringAttribute("kube_config.0.host") });
  new Generic(stack, "network_operator", "helm_release", {
    name: "network-operator", repository: "https://helm.ngc.nvidia.com/nvidia", chart: "network-operator",
    version: "25.7.0", namespace: "nvidia-network-operator", create_namespace: true });
  new Generic(stack, "nic_cluster_policy", "helm_release", {
    name: "nic-cluster-policy", chart: "./charts/nic-cluster-policy", namespace: "nvidia-network-operator" });
  new Generic(stack, "model_cache", "kubernetes_storage_class", {
    metadata: { name: "modelplane-model-cache" }, storage_provisioner: "file.csi.azure.com",
    parameters: { skuName: "Premium_LRS", protocol: "nfs" }, mount_options: ["nconnect=4"], allow_volume_expansion: true });
  new TerraformOutput(stack, "kubeconfig", { value: aks.getStringAttribute("kube_config_raw"), sensitive: true });
  new TerraformOutput(stack, "cluster_name", { value: aks.getStringAttribute("name") });
  new TerraformOutput(stack, "resource_group_name", { value: rg.getStringAttribute("name") });
  new TerraformOutput(stack, "cache_storage_class_name", { value: "modelplane-model-cache" });
}
app.synth();
