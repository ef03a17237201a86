package ai.modelplane.generator.parity;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The Azure result one AKSCluster produces, as far as Terraform and Bicep must agree on it. Each
 * target gets an extractor that reads these facts from its generated code by parsing it (never from
 * the model); {@link YamlFacts} computes them independently from the YAML. Equal facts = parity.
 *
 * <p>Plain values only (strings, numbers, booleans, maps, lists in a fixed order), so that {@code
 * equals} and the failure message are all a parity test needs. Pools are sorted by name, because
 * the two targets declare them in different orders. In-cluster objects are JSON-like trees (maps,
 * lists, strings, {@code Long}, {@code Boolean}), compared by content.
 *
 * @param resourceGroup the dedicated resource group's name
 * @param location Azure region of everything
 * @param virtualNetwork VNet name
 * @param vnetCidr VNet address space (one prefix)
 * @param subnet node subnet name
 * @param subnetCidr node subnet prefix
 * @param cluster managed cluster settings
 * @param pools every agent pool, the default System pool included
 * @param infinibandFeatureChecked whether the code checks (not registers) AKSInfinibandSupport
 * @param networkOperator the NVIDIA network operator, present only for InfiniBand clusters
 * @param gpuStack the GPU stack's releases in install order (node feature discovery, then the DRA
 *     driver or the device plugin), empty without a GPU pool or with gpuStack None
 * @param storageClass the ModelCache StorageClass
 * @param outputs the root's outputs, named in lowerCamelCase, each with whether it is secret
 *     ({@code sensitive} / {@code @secure()})
 */
public record AzureFacts(
    String resourceGroup,
    String location,
    String virtualNetwork,
    String vnetCidr,
    String subnet,
    String subnetCidr,
    Cluster cluster,
    List<Pool> pools,
    boolean infinibandFeatureChecked,
    Optional<NetworkOperator> networkOperator,
    List<GpuRelease> gpuStack,
    StorageClass storageClass,
    SortedMap<String, Boolean> outputs) {
  public AzureFacts {
    pools = pools.stream().sorted(Comparator.comparing(Pool::name)).toList();
    gpuStack = List.copyOf(gpuStack);
    outputs = new TreeMap<>(outputs);
  }

  /**
   * The managed cluster resource.
   *
   * @param identityType {@code SystemAssigned}
   * @param localAccounts whether local accounts stay enabled (the kubeconfig embeds a client
   *     certificate)
   * @param upgradeChannel auto-upgrade channel
   * @param entraIdAdminGroups the admin groups of a Microsoft Entra ID integration with Azure RBAC;
   *     empty when the cluster has none
   * @param nodeOsUpgradeChannel the node OS upgrade channel, the provider's default (NodeImage)
   *     when the code sets none
   * @param autoUpgradeWindow the aksManagedAutoUpgradeSchedule window, as {@link #window}
   * @param nodeOsWindow the aksManagedNodeOSUpgradeSchedule window, as {@link #window}
   */
  public record Cluster(
      String name,
      String kubernetesVersion,
      String dnsPrefix,
      String nodeResourceGroup,
      String identityType,
      boolean localAccounts,
      boolean rbac,
      String upgradeChannel,
      NetworkProfile network,
      Optional<List<String>> entraIdAdminGroups,
      String nodeOsUpgradeChannel,
      String autoUpgradeWindow,
      String nodeOsWindow) {
    /** A weekly maintenance window in one comparable line. */
    public static String window(
        long intervalWeeks, String dayOfWeek, String startTime, String utcOffset, long hours) {
      return "every "
          + intervalWeeks
          + " week(s) on "
          + dayOfWeek
          + " from "
          + startTime
          + " "
          + utcOffset
          + " for "
          + hours
          + " h";
    }
  }

  /**
   * Network plugin and mode, policy engine and data plane, pod and service ranges, cluster DNS
   * address, egress.
   */
  public record NetworkProfile(
      String plugin,
      String pluginMode,
      String policy,
      String dataPlane,
      String podCidr,
      String serviceCidr,
      String dnsServiceIp,
      String loadBalancerSku,
      String outboundType) {}

  /**
   * One agent pool.
   *
   * @param mode {@code System} or {@code User}
   * @param orchestratorVersion the pool's Kubernetes version
   * @param nodeCount the initial size
   * @param autoscaling whether the cluster autoscaler owns the count
   * @param maxSurge extra nodes during upgrades ({@code 0} when none is sent: what the provider and
   *     ARM then apply)
   * @param maxUnavailable nodes taken down at once during upgrades ({@code 0} when none is sent)
   * @param zones availability zones, in spec order; empty for none
   * @param labels node labels
   * @param taints node taints as {@code key=value:Effect}
   * @param gpuDriver {@code Install} when AKS installs the NVIDIA driver, empty for non-GPU pools
   * @param osSku the OS SKU sent, empty when none is (AKS then chooses)
   * @param priority {@code Spot}, or {@code Regular} when none is sent (the default)
   * @param evictionPolicy a Spot pool's eviction policy, empty when none is sent
   * @param spotMaxPrice a Spot pool's max price as a plain decimal, empty when none is sent
   * @param gpuInstance the Multi-Instance GPU profile sent, empty when none is (whole GPUs)
   */
  public record Pool(
      String name,
      String vmSize,
      String mode,
      String orchestratorVersion,
      int osDiskSizeGb,
      String osDiskType,
      int maxPods,
      int nodeCount,
      int minCount,
      int maxCount,
      boolean autoscaling,
      String maxSurge,
      String maxUnavailable,
      List<String> zones,
      SortedMap<String, String> labels,
      List<String> taints,
      String gpuDriver,
      String osSku,
      String priority,
      String evictionPolicy,
      String spotMaxPrice,
      String gpuInstance) {
    public Pool {
      zones = List.copyOf(zones);
      labels = new TreeMap<>(labels);
      taints = List.copyOf(taints);
    }
  }

  /**
   * The NVIDIA network operator: the Helm chart, its namespace, the values Modelplane sets, and the
   * NicClusterPolicy.
   *
   * @param namespaceLabels labels of the operator's namespace (Pod Security Admission)
   * @param installTimeoutSeconds how long the install waits for the operator's workloads
   * @param nodeFeatureDiscoveryTolerations the chart value {@code
   *     node-feature-discovery.worker.tolerations}
   * @param nicClusterPolicy the whole NicClusterPolicy object (apiVersion, kind, metadata, spec)
   */
  public record NetworkOperator(
      Chart chart,
      Map<String, String> namespaceLabels,
      int installTimeoutSeconds,
      Map<String, Object> values,
      Map<String, Object> nicClusterPolicy) {}

  /** A release of the GPU stack: its chart and the values it sets. */
  public record GpuRelease(Chart chart, Map<String, Object> values) {}

  /** A Helm chart: name, pinned version, target namespace, repository URL. */
  public record Chart(String name, String version, String namespace, String repository) {}

  /** The ReadWriteMany StorageClass. */
  public record StorageClass(
      String name,
      String provisioner,
      SortedMap<String, String> parameters,
      List<String> mountOptions,
      String reclaimPolicy,
      boolean allowVolumeExpansion,
      String volumeBindingMode) {
    public StorageClass {
      parameters = new TreeMap<>(parameters);
      mountOptions = List.copyOf(mountOptions);
    }
  }
}
