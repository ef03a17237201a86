package ai.modelplane.generator.platform;

import ai.modelplane.generator.text.DocumentWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

  /**
   * The policy, tolerating {@code tolerations} (the GPU pools' taints): the operator's DaemonSets
   * must run on the GPU nodes they serve.
   */
  public static ObjectNode manifest(ArrayNode tolerations) {
    ObjectNode policy = JsonNodeFactory.instance.objectNode();
    policy.put("apiVersion", API_VERSION).put("kind", KIND);
    policy.putObject("metadata").put("name", NAME);
    ObjectNode spec = policy.putObject("spec");
    ObjectNode expression =
        spec.putObject("nodeAffinity")
            .putObject("requiredDuringSchedulingIgnoredDuringExecution")
            .putArray("nodeSelectorTerms")
            .addObject()
            .putArray("matchExpressions")
            .addObject();
    expression.put("key", Platform.FABRIC_LABEL).put("operator", "In");
    expression.putArray("values").add(Platform.FABRIC_INFINIBAND_VALUE);
    spec.set("tolerations", tolerations.deepCopy());
    ObjectNode driver = spec.putObject("ofedDriver");
    driver
        .put("image", DRIVER_IMAGE)
        .put("repository", IMAGE_REPOSITORY)
        .put("version", DRIVER_VERSION);
    driver
        .putArray("env")
        .addObject()
        .put("name", DRIVER_BLACKLIST_ENV)
        .put("value", DRIVER_BLACKLIST_FILE);
    ObjectNode upgrade = driver.putObject("upgradePolicy");
    upgrade.put("autoUpgrade", true).put("maxParallelUpgrades", DRIVER_MAX_PARALLEL_UPGRADES);
    upgrade
        .putObject("drain")
        .put("enable", true)
        .put("force", true)
        .put("deleteEmptyDir", true)
        .put("timeoutSeconds", DRIVER_DRAIN_TIMEOUT_SECONDS);
    spec.putObject("rdmaSharedDevicePlugin")
        .put("image", RDMA_PLUGIN_IMAGE)
        .put("repository", IMAGE_REPOSITORY)
        .put("version", RDMA_PLUGIN_VERSION)
        .put("config", rdmaPluginConfigJson());
    return policy;
  }

  /** The device plugin's JSON configuration, as the policy's {@code config} string carries it. */
  public static String rdmaPluginConfigJson() {
    ObjectNode config = JsonNodeFactory.instance.objectNode();
    ObjectNode resource = config.putArray("configList").addObject();
    resource.put("resourceName", RDMA_RESOURCE_NAME).put("rdmaHcaMax", RDMA_HCA_MAX);
    ObjectNode selectors = resource.putObject("selectors");
    RDMA_VENDORS.forEach(selectors.putArray("vendors")::add);
    RDMA_LINK_TYPES.forEach(selectors.putArray("linkTypes")::add);
    return DocumentWriter.json(config);
  }
}
