package ai.modelplane.generator.parity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The facts an AKSCluster YAML must produce, computed straight from the YAML with the product's
 * rules written out here as literals (CRD defaults, the naming contract, labels, taint, chart pin,
 * StorageClass, NicClusterPolicy) — deliberately not through the model, plan or naming code under
 * test.
 */
public final class YamlFacts {
  private YamlFacts() {}

  /** One {@link AzureFacts} per document of {@code file}, in document order. */
  public static List<AzureFacts> of(Path file) {
    List<AzureFacts> result = new ArrayList<>();
    try (MappingIterator<JsonNode> documents =
        new ObjectMapper(new YAMLFactory()).readerFor(JsonNode.class).readValues(file.toFile())) {
      while (documents.hasNextValue()) {
        result.add(facts(documents.nextValue()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return result;
  }

  /** The NicClusterPolicy every InfiniBand cluster gets (aks-gpu reference §5), written out. */
  private static final String NIC_CLUSTER_POLICY =
      """
      apiVersion: mellanox.com/v1alpha1
      kind: NicClusterPolicy
      metadata:
        name: nic-cluster-policy
      spec:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - key: modelplane.ai/fabric
                    operator: In
                    values: [infiniband]
        tolerations:
          - {key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}
        ofedDriver:
          image: doca-driver
          repository: nvcr.io/nvidia/mellanox
          version: doca3.4.0-26.04-0.8.6.0-0
          env:
            - {name: OFED_BLACKLIST_MODULES_FILE, value: /host/etc/modprobe.d/blacklist-ofed-modules.conf}
          upgradePolicy:
            autoUpgrade: true
            maxParallelUpgrades: 1
            drain: {enable: true, force: true, deleteEmptyDir: true, timeoutSeconds: 300}
        rdmaSharedDevicePlugin:
          image: k8s-rdma-shared-dev-plugin
          repository: nvcr.io/nvidia/mellanox
          version: network-operator-v26.4.0
          config: '{"configList":[{"resourceName":"shared_ib","rdmaHcaMax":63,"selectors":{"vendors":["15b3"],"linkTypes":["infiniband"]}}]}'
      """;

  /** Tolerations of the GPU taint and of AKS's spot taint, as every GPU DaemonSet has them. */
  private static final String GPU_NODE_TOLERATIONS =
      "[{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule},"
          + " {key: kubernetes.azure.com/scalesetpriority, operator: Exists, effect: NoSchedule}]";

  private static final String OPERATOR_OWN_NFD_VALUES =
      "node-feature-discovery: {worker: {tolerations: [{key: nvidia.com/gpu, operator: Exists,"
          + " effect: NoSchedule}]}}";

  private static final String NFD_VALUES =
      "worker: {tolerations: "
          + GPU_NODE_TOLERATIONS
          + ", config: {sources: {pci: {deviceLabelFields: [vendor]}}}}";

  private static final String DRA_VALUES =
      "{nvidiaDriverRoot: /, gpuResourcesEnabledOverride: true,"
          + " resources: {computeDomains: {enabled: false}},"
          + " kubeletPlugin: {tolerations: "
          + GPU_NODE_TOLERATIONS
          + "}}";

  private static final String DEVICE_PLUGIN_VALUES = "tolerations: " + GPU_NODE_TOLERATIONS;

  private static boolean hasMigPool(JsonNode spec) {
    for (JsonNode pool : spec.path("nodePools")) {
      if (pool.path("gpu").hasNonNull("migProfile")) {
        return true;
      }
    }
    return false;
  }

  private static AzureFacts facts(JsonNode document) {
    String name = document.path("metadata").path("name").asText();
    String namespace = document.path("metadata").path("namespace").asText("default");
    JsonNode spec = document.path("spec");
    String kubernetesVersion = spec.path("kubernetesVersion").asText("1.35");
    JsonNode authentication = spec.path("authentication");
    boolean entraId = authentication.path("mode").asText("LocalAccounts").equals("EntraID");
    List<String> adminGroups = new ArrayList<>();
    authentication.path("adminGroupObjectIds").forEach(id -> adminGroups.add(id.asText()));
    List<AzureFacts.Pool> pools = new ArrayList<>();
    boolean infiniband = false;
    boolean hasGpuPool = false;
    for (JsonNode pool : spec.path("nodePools")) {
      String poolName = pool.path("name").asText();
      boolean gpu = pool.path("role").asText().equals("GPU");
      hasGpuPool |= gpu;
      boolean ib = pool.path("fabric").asText("None").equals("InfiniBand");
      boolean spot = pool.path("priority").asText("Regular").equals("Spot");
      infiniband |= ib;
      TreeMap<String, String> labels = new TreeMap<>();
      labels.put("modelplane.ai/pool", poolName);
      if (gpu) {
        labels.put("modelplane.ai/gpu", pool.path("gpu").path("acceleratorType").asText());
      }
      if (ib) {
        labels.put("modelplane.ai/fabric", "infiniband");
      }
      List<String> taints = new ArrayList<>();
      if (gpu) {
        taints.add("nvidia.com/gpu=true:NoSchedule");
      }
      if (spot) {
        labels.put("kubernetes.azure.com/scalesetpriority", "spot");
        taints.add("kubernetes.azure.com/scalesetpriority=spot:NoSchedule");
      }
      List<String> zones = new ArrayList<>();
      pool.path("zones").forEach(z -> zones.add(z.asText()));
      pools.add(
          new AzureFacts.Pool(
              poolName,
              pool.path("vmSize").asText(),
              gpu ? "User" : "System",
              kubernetesVersion,
              pool.path("diskSizeGb").asInt(100),
              "Managed",
              250,
              pool.path("nodeCount").asInt(1),
              pool.path("minNodeCount").asInt(1),
              pool.path("maxNodeCount").asInt(8),
              true,
              // GPU pools upgrade one node at a time without surge; System pools surge; Spot pools
              // send neither; a pool's upgrade sets one and the other is sent as 0.
              spot ? "0" : upgradeSetting(pool, "maxSurge", "maxUnavailable", gpu ? "0" : "10%"),
              spot ? "0" : upgradeSetting(pool, "maxUnavailable", "maxSurge", gpu ? "1" : "0"),
              zones,
              labels,
              taints,
              gpu ? "Install" : "",
              pool.path("osSku").asText(""),
              spot ? "Spot" : "Regular",
              spot ? "Delete" : "",
              spot
                  ? pool.has("spotMaxPrice")
                      ? pool.get("spotMaxPrice").decimalValue().stripTrailingZeros().toPlainString()
                      : "-1"
                  : "",
              pool.path("gpu").path("migProfile").asText("")));
    }
    String stack = spec.path("gpuStack").asText("DRA");
    List<AzureFacts.GpuRelease> gpuStack = new ArrayList<>();
    if (hasGpuPool && !stack.equals("None")) {
      gpuStack.add(
          new AzureFacts.GpuRelease(
              new AzureFacts.Chart(
                  "node-feature-discovery",
                  "0.19.0",
                  "node-feature-discovery",
                  "oci://registry.k8s.io/nfd/charts"),
              Trees.yaml(NFD_VALUES)));
      gpuStack.add(
          stack.equals("DRA")
              ? new AzureFacts.GpuRelease(
                  new AzureFacts.Chart(
                      "dra-driver-nvidia-gpu",
                      "0.4.1",
                      "dra-driver-nvidia-gpu",
                      "oci://registry.k8s.io/dra-driver-nvidia/charts"),
                  Trees.yaml(DRA_VALUES))
              : new AzureFacts.GpuRelease(
                  new AzureFacts.Chart(
                      "nvidia-device-plugin",
                      "0.20.0",
                      "nvidia-device-plugin",
                      "https://nvidia.github.io/k8s-device-plugin"),
                  Trees.yaml(
                      // A MIG pool makes the plugin advertise MIG instances (mixed keeps whole
                      // GPUs as nvidia.com/gpu): NVIDIA/k8s-device-plugin v0.20.0 values.yaml:31.
                      hasMigPool(spec)
                          ? "{migStrategy: mixed, " + DEVICE_PLUGIN_VALUES + "}"
                          : DEVICE_PLUGIN_VALUES)));
    }
    JsonNode networking = spec.path("networking");
    // The naming contract for names within Azure's limits (every example and test spec).
    String nodeResourceGroup = "rg-" + namespace + "_" + name + "-nodes";
    String dnsPrefix = Character.isLetter(name.charAt(0)) ? name : "aks-" + name;
    // An existing subnet (spec.networking.subnetId) replaces the cluster's own network and ranges.
    String[] existing =
        networking.has("subnetId") ? networking.get("subnetId").asText().split("/") : null;
    return new AzureFacts(
        "rg-" + namespace + "_" + name,
        spec.path("location").asText(),
        existing != null ? existing[8] : "vnet-" + name,
        existing != null ? "" : networking.path("vnetCidr").asText("10.0.0.0/16"),
        existing != null ? existing[10] : "snet-nodes",
        existing != null ? "" : networking.path("subnetCidr").asText("10.0.0.0/20"),
        new AzureFacts.Cluster(
            name,
            kubernetesVersion,
            dnsPrefix,
            nodeResourceGroup,
            "SystemAssigned",
            !entraId,
            true,
            "patch",
            new AzureFacts.NetworkProfile(
                "azure",
                "overlay",
                "cilium",
                "cilium",
                "10.244.0.0/16",
                "10.96.0.0/16",
                "10.96.0.10",
                "standard",
                "loadBalancer"),
            entraId ? Optional.of(adminGroups) : Optional.empty(),
            spec.path("maintenance").path("nodeOsUpgradeChannel").asText("NodeImage"),
            window(spec.path("maintenance").path("autoUpgradeWindow"), "00:00"),
            window(spec.path("maintenance").path("nodeOsWindow"), "04:00")),
        pools,
        infiniband,
        infiniband
            ? Optional.of(
                new AzureFacts.NetworkOperator(
                    new AzureFacts.Chart(
                        "network-operator",
                        "26.4.0",
                        "network-operator",
                        "https://helm.ngc.nvidia.com/nvidia"),
                    Map.of("pod-security.kubernetes.io/enforce", "privileged"),
                    900,
                    // One node feature discovery per cluster: the GPU stack's, else the operator's.
                    gpuStack.isEmpty()
                        ? Trees.yaml(OPERATOR_OWN_NFD_VALUES)
                        : Trees.yaml("nfd: {enabled: false}"),
                    Trees.yaml(NIC_CLUSTER_POLICY)))
            : Optional.empty(),
        gpuStack,
        new AzureFacts.StorageClass(
            "modelplane-rwx-fs",
            "file.csi.azure.com",
            new TreeMap<>(Map.of("skuName", "Premium_LRS", "protocol", "smb")),
            List.of(
                "dir_mode=0777",
                "file_mode=0777",
                "uid=0",
                "gid=0",
                "mfsymlinks",
                "cache=strict",
                "actimeo=30",
                "nosharesock"),
            "Delete",
            true,
            "WaitForFirstConsumer"),
        outputs(entraId));
  }

  /**
   * A maintenance window from the YAML; left out, the generator's: weekly on Sunday in UTC for four
   * hours from {@code defaultStart}.
   */
  private static String window(JsonNode window, String defaultStart) {
    if (window.isMissingNode()) {
      return AzureFacts.Cluster.window(1, "Sunday", defaultStart, "+00:00", 4);
    }
    return AzureFacts.Cluster.window(
        1,
        window.path("dayOfWeek").asText(),
        window.path("startTime").asText(),
        window.path("utcOffset").asText("+00:00"),
        window.path("durationHours").asLong(4));
  }

  /** An Entra ID cluster has no local account, so no kubeconfig is output. */
  private static TreeMap<String, Boolean> outputs(boolean entraId) {
    TreeMap<String, Boolean> outputs =
        new TreeMap<>(
            Map.of(
                "resourceGroupName", false,
                "clusterName", false,
                "nodeResourceGroupName", false,
                "cacheStorageClassName", false));
    if (!entraId) {
      outputs.put("kubeconfig", true);
    }
    return outputs;
  }

  /** {@code name} under the pool's upgrade, "0" when it sets {@code other}, else the default. */
  private static String upgradeSetting(
      JsonNode pool, String name, String other, String defaultValue) {
    JsonNode upgrade = pool.path("upgrade");
    if (upgrade.hasNonNull(name)) {
      return upgrade.get(name).asText();
    }
    return upgrade.hasNonNull(other) ? "0" : defaultValue;
  }
}
