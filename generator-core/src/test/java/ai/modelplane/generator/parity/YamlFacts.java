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

  private static AzureFacts facts(JsonNode document) {
    String name = document.path("metadata").path("name").asText();
    String namespace = document.path("metadata").path("namespace").asText("default");
    JsonNode spec = document.path("spec");
    String kubernetesVersion = spec.path("kubernetesVersion").asText("1.35");
    List<AzureFacts.Pool> pools = new ArrayList<>();
    boolean infiniband = false;
    for (JsonNode pool : spec.path("nodePools")) {
      String poolName = pool.path("name").asText();
      boolean gpu = pool.path("role").asText().equals("GPU");
      boolean ib = pool.path("fabric").asText("None").equals("InfiniBand");
      infiniband |= ib;
      TreeMap<String, String> labels = new TreeMap<>();
      labels.put("modelplane.ai/pool", poolName);
      if (gpu) {
        labels.put("modelplane.ai/gpu", pool.path("gpu").path("acceleratorType").asText());
      }
      if (ib) {
        labels.put("modelplane.ai/fabric", "infiniband");
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
              // GPU pools upgrade one node at a time without surge; System pools surge.
              gpu ? "0" : "10%",
              gpu ? "1" : "0",
              zones,
              labels,
              gpu ? List.of("nvidia.com/gpu=true:NoSchedule") : List.of(),
              gpu ? "Install" : ""));
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
            true,
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
                "loadBalancer")),
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
                    List.of(
                        Map.of(
                            "key", "nvidia.com/gpu", "operator", "Exists", "effect", "NoSchedule")),
                    Trees.yaml(NIC_CLUSTER_POLICY)))
            : Optional.empty(),
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
        new TreeMap<>(
            Map.of(
                "resourceGroupName", false,
                "clusterName", false,
                "nodeResourceGroupName", false,
                "cacheStorageClassName", false,
                "kubeconfig", true)));
  }
}
