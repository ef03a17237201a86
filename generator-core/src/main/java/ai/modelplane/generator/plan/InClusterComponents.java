package ai.modelplane.generator.plan;

import ai.modelplane.generator.platform.InClusterInstaller;
import ai.modelplane.generator.platform.ModelCacheSpec;
import ai.modelplane.generator.platform.NicClusterPolicySpec;
import ai.modelplane.generator.platform.Platform;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/** The components a cluster may hold, each built from the platform's pins and the cluster. */
final class InClusterComponents {
  /** The StorageClass's resource, as {@code kubectl delete} names it. */
  static final String STORAGE_CLASS_RESOURCE = "storageclass";

  static final String NAMESPACE_RESOURCE = "namespace";

  /** The label that sets a namespace's Pod Security Admission level. */
  static final String POD_SECURITY_ENFORCE_LABEL = "pod-security.kubernetes.io/enforce";

  private InClusterComponents() {}

  /** The ReadWriteMany StorageClass for ModelCache PVCs, on every cluster. */
  static InClusterComponent modelCache(String storageClassName) {
    return new InClusterComponent(
        "the ModelCache StorageClass",
        true,
        0,
        List.of(
            new KubernetesManifest(
                "storage-class",
                STORAGE_CLASS_RESOURCE,
                false,
                ModelCacheSpec.manifest(storageClassName))));
  }

  /**
   * The NVIDIA network operator, for InfiniBand pools: its privileged namespace, the chart (its
   * node-feature-discovery workers tolerate the GPU pools' taints, so that GPU nodes get the labels
   * the operator picks driver images by), then the NicClusterPolicy, which needs the chart's CRD.
   */
  static InClusterComponent networkOperator(
      boolean present, List<String> gpuTaints, boolean bundledNodeFeatureDiscovery) {
    ObjectNode values = JsonNodeFactory.instance.objectNode();
    if (bundledNodeFeatureDiscovery) {
      values
          .putObject("node-feature-discovery")
          .putObject("worker")
          .set("tolerations", Tolerations.of(gpuTaints));
    } else {
      // The GPU stack's node-feature-discovery serves the operator: one NFD per cluster. The
      // operator's NodeFeatureRule (label pci-15b3.present for its NICs) still renders, as it is
      // gated on nfd.deployNodeFeatureRules only (Mellanox/network-operator v26.4.0
      // deployment/network-operator/values.yaml:19-23, templates/nodefeaturerules.yaml:1;
      // external NFD: README.md:98-118).
      values.putObject("nfd").put("enabled", false);
    }
    return new InClusterComponent(
        "the NVIDIA network operator",
        present,
        Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS,
        List.of(
            new KubernetesManifest(
                "network-operator-namespace",
                NAMESPACE_RESOURCE,
                false,
                namespace(
                    Platform.NETWORK_OPERATOR_NAMESPACE,
                    Platform.NETWORK_OPERATOR_NAMESPACE_ENFORCE)),
            new HelmRelease(
                Platform.NETWORK_OPERATOR_CHART,
                Platform.NETWORK_OPERATOR_CHART,
                Platform.NVIDIA_HELM_REPOSITORY,
                Platform.NETWORK_OPERATOR_VERSION,
                Platform.NETWORK_OPERATOR_NAMESPACE,
                Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS,
                values),
            new KubernetesManifest(
                "nic-cluster-policy",
                InClusterInstaller.NIC_POLICY_RESOURCE,
                true,
                NicClusterPolicySpec.manifest(Tolerations.of(gpuTaints)))));
  }

  /**
   * Standalone node-feature-discovery for the GPU stack: its workers label GPU nodes, which the DRA
   * kubelet plugin and the device plugin select by default. The worker tolerates nothing by default
   * (kubernetes-sigs/node-feature-discovery v0.19.0 {@code
   * deployment/helm/node-feature-discovery/values.yaml:776}), so it tolerates the GPU pools' taints
   * and the spot taint; it labels PCI devices by vendor only ({@code worker.config}, l.403; keys
   * l.469-479), so a GPU node gets {@link Platform#NVIDIA_PCI_LABEL} whatever its PCI class, as
   * both NVIDIA charts configure their bundled NFD.
   */
  static InClusterComponent nodeFeatureDiscovery(boolean present, List<String> gpuTaints) {
    ObjectNode values = JsonNodeFactory.instance.objectNode();
    ObjectNode worker = values.putObject("worker");
    worker.set("tolerations", Tolerations.of(gpuNodeTaints(gpuTaints)));
    worker
        .putObject("config")
        .putObject("sources")
        .putObject("pci")
        .putArray("deviceLabelFields")
        .add("vendor");
    return gpuStackComponent(
        "node feature discovery",
        present,
        Platform.NFD_CHART,
        Platform.NFD_REPOSITORY,
        Platform.NFD_VERSION,
        Platform.NFD_NAMESPACE,
        values);
  }

  /**
   * The NVIDIA DRA driver for GPUs (gpuStack DRA), each value overriding a line of
   * kubernetes-sigs/dra-driver-nvidia-gpu v0.4.1 {@code
   * deployments/helm/dra-driver-nvidia-gpu/values.yaml}: the driver root {@code /} (l.23, "driver
   * installed directly on a host": AKS installs it on the node, Azure/AgentBaker {@code
   * cse_install_ubuntu.sh:350-360}); GPU allocation opted in (l.40; the chart refuses GPUs without
   * it, {@code templates/validation.yaml:33-43}); ComputeDomains off (l.81: multi-node NVLink
   * only); the kubelet plugin tolerating the GPU pools' taints and the spot taint (l.262-265). Its
   * node affinity stays the chart's (l.288-321), which {@link Platform#NVIDIA_PCI_LABEL} matches.
   */
  static InClusterComponent draDriver(boolean present, List<String> gpuTaints) {
    ObjectNode values = JsonNodeFactory.instance.objectNode();
    values.put("nvidiaDriverRoot", "/");
    values.put("gpuResourcesEnabledOverride", true);
    values.putObject("resources").putObject("computeDomains").put("enabled", false);
    values.putObject("kubeletPlugin").set("tolerations", Tolerations.of(gpuNodeTaints(gpuTaints)));
    return gpuStackComponent(
        "the NVIDIA DRA driver",
        present,
        Platform.DRA_DRIVER_CHART,
        Platform.DRA_DRIVER_REPOSITORY,
        Platform.DRA_DRIVER_VERSION,
        Platform.DRA_DRIVER_NAMESPACE,
        values);
  }

  /**
   * The NVIDIA device plugin (gpuStack DevicePlugin), overriding NVIDIA/k8s-device-plugin v0.20.0
   * {@code deployments/helm/nvidia-device-plugin/values.yaml}: tolerations (l.86-93) of the GPU
   * pools' taints and the spot taint. Its default node affinity (l.64-85) needs {@link
   * Platform#NVIDIA_PCI_LABEL}, which the standalone NFD sets; GFD and the bundled NFD stay off
   * (l.110-111). AKS's GPU nodes run nvidia-container-runtime as the default runtime, so no
   * runtimeClassName (l.101; Azure/AgentBaker {@code pkg/agent/baker.go:1961-1975}). With {@code
   * migSlices} (some pool sets gpu.migProfile) it sets {@code migStrategy} (l.31, default none) to
   * {@link Platform#DEVICE_PLUGIN_MIG_STRATEGY}, which advertises MIG instances under their own
   * resource names and leaves whole GPUs as they are; the chart then adds the MIG monitor and
   * SYS_ADMIN itself ({@code templates/daemonset-device-plugin.yml:194-196}, {@code
   * _helpers.tpl:127-135}). The plugin reads MIG instances through NVML, so GPU feature discovery
   * (which only labels nodes) stays off.
   */
  static InClusterComponent devicePlugin(
      boolean present, List<String> gpuTaints, boolean migSlices) {
    ObjectNode values = JsonNodeFactory.instance.objectNode();
    if (migSlices) {
      values.put("migStrategy", Platform.DEVICE_PLUGIN_MIG_STRATEGY);
    }
    values.set("tolerations", Tolerations.of(gpuNodeTaints(gpuTaints)));
    return gpuStackComponent(
        "the NVIDIA device plugin",
        present,
        Platform.DEVICE_PLUGIN_CHART,
        Platform.DEVICE_PLUGIN_REPOSITORY,
        Platform.DEVICE_PLUGIN_VERSION,
        Platform.DEVICE_PLUGIN_NAMESPACE,
        values);
  }

  /** The taints a GPU-node DaemonSet tolerates: the GPU pools' own, then AKS's spot taint. */
  static List<String> gpuNodeTaints(List<String> gpuTaints) {
    List<String> taints = new ArrayList<>(gpuTaints);
    taints.add(Platform.SPOT_TAINT);
    return taints;
  }

  /**
   * A chart of the GPU stack, released under its own name in its own privileged namespace (its
   * DaemonSets mount host paths).
   */
  private static InClusterComponent gpuStackComponent(
      String name,
      boolean present,
      String chart,
      String repository,
      String version,
      String namespaceName,
      ObjectNode values) {
    // No ResourceQuota for the stack's critical-priority pods: Kubernetes restricts
    // system-node-critical outside kube-system only where the API server's ResourceQuota admission
    // lists it in limitedResources (GKE does; upstream Modelplane adds a quota for that case,
    // modelplaneai/modelplane functions/compose-serving-stack/function/fn.py:717-753 at 90ba117d).
    // AKS appears not to: its own device plugin runs system-node-critical in namespace
    // gpu-resources without one (MicrosoftDocs/azure-aks-docs articles/aks/use-nvidia-gpu.md:
    // 157-167,188 at 3b128246). Whether AKS configures limitedResources at all is not verified:
    // docs/facts/gpu-stack-sources.md.
    return new InClusterComponent(
        name,
        present,
        Platform.GPU_STACK_TIMEOUT_SECONDS,
        List.of(
            new KubernetesManifest(
                namespaceName + "-namespace",
                NAMESPACE_RESOURCE,
                false,
                namespace(namespaceName, Platform.GPU_STACK_NAMESPACE_ENFORCE)),
            new HelmRelease(
                chart,
                chart,
                repository,
                version,
                namespaceName,
                Platform.GPU_STACK_TIMEOUT_SECONDS,
                values)));
  }

  /** A namespace at the Pod Security Admission level {@code enforce}. */
  static ObjectNode namespace(String name, String enforce) {
    ObjectNode namespace = JsonNodeFactory.instance.objectNode();
    namespace.put("apiVersion", "v1").put("kind", "Namespace");
    ObjectNode metadata = namespace.putObject("metadata").put("name", name);
    metadata.putObject("labels").put(POD_SECURITY_ENFORCE_LABEL, enforce);
    return namespace;
  }
}
