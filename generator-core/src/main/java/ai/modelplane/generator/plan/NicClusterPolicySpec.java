package ai.modelplane.generator.plan;

import java.util.List;

/**
 * The {@code NicClusterPolicy} every InfiniBand cluster gets next to the NVIDIA network operator
 * chart: the DOCA/OFED driver plus the RDMA shared device plugin, tolerating the GPU taint and
 * limited to nodes labelled {@link Platform#FABRIC_LABEL}={@link Platform#FABRIC_INFINIBAND_VALUE}.
 *
 * <p>The chart stopped creating this policy from values in v24.10.0, so the generated code applies
 * it as its own object. Image versions are pinned like the chart; a change shows in every golden
 * file. The versions are those network-operator 26.4.0 releases with ({@code hack/release.yaml}
 * l.50-53 and l.58-62 at tag v26.4.0); the rest follows Azure/aks-rdma-infiniband's AKS
 * configuration. The module README says why (templates/terraform/modules/nvidia-network-operator).
 */
public final class NicClusterPolicySpec {
  public static final String API_VERSION = "mellanox.com/v1alpha1";
  public static final String KIND = "NicClusterPolicy";
  public static final String NAME = "nic-cluster-policy";

  /** NVIDIA's Mellanox repository on the NGC container registry. */
  public static final String IMAGE_REPOSITORY = "nvcr.io/nvidia/mellanox";

  public static final String DRIVER_IMAGE = "doca-driver";
  public static final String DRIVER_VERSION = "doca3.4.0-26.04-0.8.6.0-0";

  /** Works around a module-loading race of the driver container (doca-driver-build#52). */
  public static final String DRIVER_BLACKLIST_ENV = "OFED_BLACKLIST_MODULES_FILE";

  public static final String DRIVER_BLACKLIST_FILE =
      "/host/etc/modprobe.d/blacklist-ofed-modules.conf";

  /**
   * Driver upgrades: one node at a time, drained first (pods with emptyDir too), 5 minutes per
   * drain.
   */
  public static final int DRIVER_MAX_PARALLEL_UPGRADES = 1;

  public static final int DRIVER_DRAIN_TIMEOUT_SECONDS = 300;

  public static final String RDMA_PLUGIN_IMAGE = "k8s-rdma-shared-dev-plugin";
  public static final String RDMA_PLUGIN_VERSION = "network-operator-v26.4.0";

  /** Pods request {@code rdma/shared_ib: 1}; all IB NICs of a node are shared by up to 63 pods. */
  public static final String RDMA_RESOURCE_NAME = "shared_ib";

  public static final int RDMA_HCA_MAX = 63;
  public static final List<String> RDMA_VENDORS = List.of("15b3");
  public static final List<String> RDMA_LINK_TYPES = List.of("infiniband");

  private NicClusterPolicySpec() {}

  /** The device plugin's JSON configuration, as the policy's {@code config} string carries it. */
  public static String rdmaPluginConfigJson() {
    return "{\"configList\":[{\"resourceName\":\""
        + RDMA_RESOURCE_NAME
        + "\",\"rdmaHcaMax\":"
        + RDMA_HCA_MAX
        + ",\"selectors\":{\"vendors\":[\""
        + String.join("\",\"", RDMA_VENDORS)
        + "\"],\"linkTypes\":[\""
        + String.join("\",\"", RDMA_LINK_TYPES)
        + "\"]}}]}";
  }
}
