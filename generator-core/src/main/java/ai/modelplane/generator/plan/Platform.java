package ai.modelplane.generator.plan;

import ai.modelplane.generator.validate.KubernetesVersionRule;

/**
 * Fixed facts of the platform the generated code installs: label keys, the GPU taint, pinned chart
 * versions. Changing one changes every cluster's generated code, so each change shows in the golden
 * files and deserves a note in the changelog.
 */
public final class Platform {
  /** Node label with the pool name, on every pool. */
  public static final String POOL_LABEL = "modelplane.ai/pool";

  /** Node label with {@code gpu.acceleratorType}, on GPU pools. */
  public static final String GPU_LABEL = "modelplane.ai/gpu";

  /** Node label on InfiniBand pools; the NicClusterPolicy selects nodes by it. */
  public static final String FABRIC_LABEL = "modelplane.ai/fabric";

  public static final String FABRIC_INFINIBAND_VALUE = "infiniband";

  /** Keeps workloads that do not ask for a GPU off GPU nodes. */
  public static final String GPU_TAINT = "nvidia.com/gpu=true:NoSchedule";

  public static final String GPU_TAINT_KEY = "nvidia.com/gpu";

  /**
   * gpu_driver / gpuProfile.driver of a GPU pool: AKS installs the NVIDIA driver; other pools do
   * not set it.
   */
  public static final String GPU_DRIVER_INSTALL = "Install";

  public static final String GPU_DRIVER_NONE = "None";

  /** NVIDIA network operator chart, installed when any pool sets fabric InfiniBand. */
  public static final String NETWORK_OPERATOR_CHART = "network-operator";

  public static final String NETWORK_OPERATOR_VERSION = "26.4.0";
  public static final String NETWORK_OPERATOR_NAMESPACE = "network-operator";
  public static final String NVIDIA_HELM_REPOSITORY = "https://helm.ngc.nvidia.com/nvidia";

  /**
   * How long the operator install may wait for its workloads (image pulls on fresh GPU nodes are
   * slow).
   */
  public static final int NETWORK_OPERATOR_TIMEOUT_SECONDS = 900;

  /**
   * Pod Security Admission level of the operator's namespace: its DaemonSets load kernel modules.
   */
  public static final String NETWORK_OPERATOR_NAMESPACE_ENFORCE = "privileged";

  /** Subscription feature InfiniBand pools need; checked by the generated code, never owned. */
  public static final String INFINIBAND_FEATURE = "AKSInfinibandSupport";

  public static final String INFINIBAND_FEATURE_NAMESPACE = "Microsoft.ContainerService";

  /**
   * Pods per node on every pool, set explicitly (Checkov CKV_AZURE_168 assumes 30 when unset); 250
   * is the AKS default for Azure CNI overlay.
   */
  public static final int MAX_PODS_PER_NODE = 250;

  /** Network policy engine and data plane (Azure CNI powered by Cilium, on the overlay). */
  public static final String NETWORK_POLICY = "cilium";

  public static final String NETWORK_DATA_PLANE = "cilium";

  /**
   * Cluster auto-upgrade channel: patch releases of the pinned minor version (Checkov
   * CKV_AZURE_171). Validation refuses a patch pin under it (MP417), so it is owned there.
   */
  public static final String UPGRADE_CHANNEL = KubernetesVersionRule.UPGRADE_CHANNEL;

  /** Extra nodes a pool may add while it upgrades, on every pool. */
  public static final String MAX_SURGE = "10%";

  private Platform() {}
}
