package ai.modelplane.generator.parity;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The Azure result one AKSCluster produces, as far as Terraform and Bicep must agree on it. Each
 * target gets an extractor that reads these facts from its generated code by parsing it (never from
 * the model); {@link YamlFacts} computes them independently from the YAML. Equal facts = parity.
 *
 * <p>Plain values only (strings, ints, sorted maps, lists in a fixed order), so that {@code equals}
 * and the failure message are all a parity test needs. Pools are sorted by name, because the two
 * targets declare them in different orders.
 *
 * @param resourceGroup the dedicated resource group's name
 * @param location Azure region of everything
 * @param virtualNetwork VNet name
 * @param vnetCidr VNet address space (one prefix)
 * @param subnet node subnet name
 * @param subnetCidr node subnet prefix
 * @param cluster managed cluster name
 * @param kubernetesVersion cluster (and pool orchestrator) version as written
 * @param network the cluster's network profile
 * @param pools every agent pool, the default System pool included
 * @param infinibandFeatureChecked whether the code checks (not registers) AKSInfinibandSupport
 * @param networkOperator the NVIDIA network operator chart, present only for InfiniBand clusters
 * @param storageClass the ModelCache StorageClass
 */
public record AzureFacts(
    String resourceGroup,
    String location,
    String virtualNetwork,
    String vnetCidr,
    String subnet,
    String subnetCidr,
    String cluster,
    String kubernetesVersion,
    NetworkProfile network,
    List<Pool> pools,
    boolean infinibandFeatureChecked,
    Optional<Chart> networkOperator,
    StorageClass storageClass) {
  public AzureFacts {
    pools = pools.stream().sorted(Comparator.comparing(Pool::name)).toList();
  }

  /** {@code networkPlugin}, {@code networkPluginMode}, pod and service ranges, cluster DNS address. */
  public record NetworkProfile(String plugin, String pluginMode, String podCidr, String serviceCidr, String dnsServiceIp) {}

  /**
   * One agent pool.
   *
   * @param mode {@code System} or {@code User}
   * @param nodeCount the initial size
   * @param autoscaling whether the cluster autoscaler owns the count
   * @param zones availability zones, in spec order; empty for none
   * @param labels node labels
   * @param taints node taints as {@code key=value:Effect}
   * @param gpuDriver {@code Install} when AKS installs the NVIDIA driver, empty for non-GPU pools
   */
  public record Pool(
      String name,
      String vmSize,
      String mode,
      int osDiskSizeGb,
      int nodeCount,
      int minCount,
      int maxCount,
      boolean autoscaling,
      List<String> zones,
      SortedMap<String, String> labels,
      List<String> taints,
      String gpuDriver) {
    public Pool {
      zones = List.copyOf(zones);
      labels = new TreeMap<>(labels);
      taints = List.copyOf(taints);
    }
  }

  /** A Helm chart: name, pinned version, target namespace, repository URL. */
  public record Chart(String name, String version, String namespace, String repository) {}

  /** The ReadWriteMany StorageClass: name, provisioner, {@code skuName} parameter, mount options in order. */
  public record StorageClass(String name, String provisioner, String skuName, List<String> mountOptions) {
    public StorageClass {
      mountOptions = List.copyOf(mountOptions);
    }
  }
}
