package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.LOW;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;

import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.Platform;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ContainerServiceNetworkProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.azure.resourcemanager.network.fluent.models.SubnetInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares one cluster's desired state (the view every renderer lays out) with what ARM returned,
 * with judgement: only properties the generated code sets are compared, a {@code major.minor}
 * version matches any live patch, and an autoscaled pool's node count is the autoscaler's business
 * while it stays within min..max.
 *
 * <p>Deliberately ignored (Azure fills them in or owns them): provisioning and power state, etags,
 * node image and {@code current*Version}, FQDNs, identity profiles, effective outbound IPs, max
 * pods, OS SKU, upgrade settings, add-ons, SKU tier and every other property the YAML does not own.
 */
final class DriftComparator {
  static final String REGISTERED = "Registered";

  private DriftComparator() {}

  static List<Finding> compare(ClusterPlan plan, String subscriptionId, LiveState live) {
    return compare(plan.view(), subscriptionId, live);
  }

  static List<Finding> compare(ClusterView plan, String subscriptionId, LiveState live) {
    ClusterView.Names names = plan.names();
    List<Finding> findings = new ArrayList<>();
    if (!live.resourceGroupExists()) {
      findings.add(
          Finding.missing(
              "spec",
              "resourceGroups/" + names.resourceGroup(),
              HIGH,
              "resource group " + names.resourceGroup()));
      return findings;
    }
    compareNetwork(plan, live.network(), findings);
    live.cluster()
        .ifPresentOrElse(
            cluster -> compareCluster(plan, subscriptionId, cluster, findings),
            () ->
                findings.add(
                    Finding.missing(
                        "spec",
                        "managedClusters/" + names.cluster(),
                        HIGH,
                        "managed cluster " + names.cluster())));
    live.infinibandFeature().ifPresent(state -> compareFeature(plan, state, findings));
    return findings;
  }

  private static void compareNetwork(
      ClusterView plan, Optional<VirtualNetworkInner> live, List<Finding> findings) {
    ClusterView.Names names = plan.names();
    ClusterView.Network networking = plan.network();
    String vnet = "virtualNetworks/" + names.virtualNetwork();
    if (live.isEmpty()) {
      findings.add(
          Finding.missing(
              "spec.networking", vnet, HIGH, "virtual network " + names.virtualNetwork()));
      return;
    }
    VirtualNetworkInner network = live.get();
    List<String> prefixes =
        network.addressSpace() == null || network.addressSpace().addressPrefixes() == null
            ? List.of()
            : network.addressSpace().addressPrefixes();
    if (!prefixes.equals(List.of(networking.vnetCidr()))) {
      findings.add(
          Finding.changed(
              "spec.networking.vnetCidr",
              vnet + ".addressSpace.addressPrefixes",
              HIGH,
              networking.vnetCidr(),
              String.join(", ", prefixes)));
    }
    Optional<SubnetInner> subnet =
        nullToEmpty(network.subnets()).stream()
            .filter(s -> names.subnet().equalsIgnoreCase(s.name()))
            .findFirst();
    String subnetPath = vnet + "/subnets/" + names.subnet();
    if (subnet.isEmpty()) {
      findings.add(
          Finding.missing(
              "spec.networking.subnetCidr", subnetPath, HIGH, "subnet " + names.subnet()));
      return;
    }
    List<String> subnetPrefixes =
        subnet.get().addressPrefix() != null
            ? List.of(subnet.get().addressPrefix())
            : nullToEmpty(subnet.get().addressPrefixes());
    if (!subnetPrefixes.equals(List.of(networking.subnetCidr()))) {
      findings.add(
          Finding.changed(
              "spec.networking.subnetCidr",
              subnetPath + ".addressPrefix",
              HIGH,
              networking.subnetCidr(),
              String.join(", ", subnetPrefixes)));
    }
  }

  private static void compareCluster(
      ClusterView plan,
      String subscriptionId,
      ManagedClusterInner cluster,
      List<Finding> findings) {
    ClusterView.Names names = plan.names();
    if (!sameLocation(plan.location(), cluster.location())) {
      findings.add(
          Finding.changed("spec.location", "location", HIGH, plan.location(), cluster.location()));
    }
    if (!versionMatches(plan.kubernetesVersion(), cluster.kubernetesVersion())) {
      findings.add(
          Finding.changed(
              "spec.kubernetesVersion",
              "kubernetesVersion",
              HIGH,
              plan.kubernetesVersion(),
              cluster.kubernetesVersion()));
    }
    if (!names.dnsPrefix().equalsIgnoreCase(Objects.toString(cluster.dnsPrefix(), ""))) {
      findings.add(
          Finding.changed(
              "metadata.name", "dnsPrefix", LOW, names.dnsPrefix(), cluster.dnsPrefix()));
    }
    if (!names
        .nodeResourceGroup()
        .equalsIgnoreCase(Objects.toString(cluster.nodeResourceGroup(), ""))) {
      findings.add(
          Finding.changed(
              "metadata.name",
              "nodeResourceGroup",
              LOW,
              names.nodeResourceGroup(),
              cluster.nodeResourceGroup()));
    }
    compareNetworkProfile(plan.network(), cluster.networkProfile(), findings);
    // spec.endpointAccess: AKS fixes private mode at creation, so a difference means another
    // cluster
    // than the generated code describes (or a change made outside it).
    boolean livePrivate =
        cluster.apiServerAccessProfile() != null
            && Boolean.TRUE.equals(cluster.apiServerAccessProfile().enablePrivateCluster());
    if (plan.privateEndpoint() != livePrivate) {
      findings.add(
          Finding.changed(
              "spec.endpointAccess",
              "apiServerAccessProfile.enablePrivateCluster",
              HIGH,
              plan.privateEndpoint(),
              livePrivate));
    }

    Map<String, ManagedClusterAgentPoolProfile> livePools = new TreeMap<>();
    for (ManagedClusterAgentPoolProfile pool : nullToEmpty(cluster.agentPoolProfiles())) {
      livePools.put(pool.name(), pool);
    }
    String subnetId = subnetId(subscriptionId, names);
    List<PoolView> pools = plan.allPools();
    for (PoolView pool : pools) {
      ManagedClusterAgentPoolProfile livePool = livePools.remove(pool.name());
      if (livePool == null) {
        findings.add(
            Finding.missing(
                pool.path(), poolProperty(pool.name(), ""), HIGH, "agent pool " + pool.name()));
      } else {
        comparePool(pool, livePool, plan.kubernetesVersion(), subnetId, findings);
      }
    }
    for (String extra : livePools.keySet()) {
      boolean rotation = pools.stream().anyMatch(p -> p.rotationName().equals(extra));
      findings.add(
          Finding.unexpected(
              "spec.nodePools",
              poolProperty(extra, ""),
              rotation ? LOW : MEDIUM,
              rotation
                  ? "agent pool " + extra + " (temporary pool of an unfinished pool replacement)"
                  : "agent pool " + extra));
    }
  }

  private static void compareNetworkProfile(
      ClusterView.Network networking, ContainerServiceNetworkProfile live, List<Finding> findings) {
    ContainerServiceNetworkProfile profile =
        live == null ? new ContainerServiceNetworkProfile() : live;
    compareText(
        findings,
        "networkProfile.networkPlugin",
        Networking.NETWORK_PLUGIN,
        profile.networkPlugin());
    compareText(
        findings,
        "networkProfile.networkPluginMode",
        Networking.NETWORK_PLUGIN_MODE,
        profile.networkPluginMode());
    compareText(findings, "networkProfile.podCidr", networking.podCidr(), profile.podCidr());
    compareText(
        findings, "networkProfile.serviceCidr", networking.serviceCidr(), profile.serviceCidr());
    compareText(
        findings, "networkProfile.dnsServiceIP", networking.dnsServiceIp(), profile.dnsServiceIp());
  }

  private static void compareText(
      List<Finding> findings, String property, String desired, Object live) {
    String liveText = live == null ? null : live.toString();
    if (!desired.equalsIgnoreCase(Objects.toString(liveText, ""))) {
      findings.add(Finding.changed("spec.networking", property, HIGH, desired, liveText));
    }
  }

  private static void comparePool(
      PoolView pool,
      ManagedClusterAgentPoolProfile live,
      String kubernetesVersion,
      String subnetId,
      List<Finding> findings) {
    String path = pool.path();
    String name = pool.name();
    if (!pool.vmSize().equalsIgnoreCase(Objects.toString(live.vmSize(), ""))) {
      findings.add(
          Finding.changed(
              path + ".vmSize", poolProperty(name, "vmSize"), HIGH, pool.vmSize(), live.vmSize()));
    }
    String liveMode = live.mode() == null ? null : live.mode().toString();
    if (!pool.mode().equalsIgnoreCase(Objects.toString(liveMode, ""))) {
      findings.add(
          Finding.changed(path + ".role", poolProperty(name, "mode"), HIGH, pool.mode(), liveMode));
    }
    if (live.orchestratorVersion() != null
        && !versionMatches(kubernetesVersion, live.orchestratorVersion())) {
      findings.add(
          Finding.changed(
              "spec.kubernetesVersion",
              poolProperty(name, "orchestratorVersion"),
              MEDIUM,
              kubernetesVersion,
              live.orchestratorVersion()));
    }
    if (!Objects.equals(pool.osDiskSizeGb(), live.osDiskSizeGB())) {
      findings.add(
          Finding.changed(
              path + ".diskSizeGb",
              poolProperty(name, "osDiskSizeGB"),
              MEDIUM,
              pool.osDiskSizeGb(),
              live.osDiskSizeGB()));
    }
    TreeSet<String> desiredZones = new TreeSet<>(pool.zones());
    TreeSet<String> liveZones = new TreeSet<>(nullToEmpty(live.availabilityZones()));
    if (!desiredZones.equals(liveZones)) {
      findings.add(
          Finding.changed(
              path + ".zones",
              poolProperty(name, "availabilityZones"),
              MEDIUM,
              list(desiredZones),
              list(liveZones)));
    }
    if (live.vnetSubnetId() != null && !subnetId.equalsIgnoreCase(live.vnetSubnetId())) {
      findings.add(
          Finding.changed(
              "spec.networking",
              poolProperty(name, "vnetSubnetID"),
              MEDIUM,
              subnetId,
              live.vnetSubnetId()));
    }
    compareAutoscaling(pool, live, findings);
    compareLabels(pool, live, findings);
    compareTaints(pool, live, findings);
    if (pool.gpuDriver().equals(Platform.GPU_DRIVER_INSTALL)) {
      // No gpuProfile means AKS's default for GPU sizes, which is to install the driver.
      String driver =
          live.gpuProfile() == null || live.gpuProfile().driver() == null
              ? null
              : live.gpuProfile().driver().toString();
      if (driver != null && !driver.equalsIgnoreCase("Install")) {
        findings.add(
            Finding.changed(
                path + ".role", poolProperty(name, "gpuProfile.driver"), HIGH, "Install", driver));
      }
    }
  }

  private static void compareAutoscaling(
      PoolView pool, ManagedClusterAgentPoolProfile live, List<Finding> findings) {
    String path = pool.path();
    String name = pool.name();
    if (!Boolean.TRUE.equals(live.enableAutoScaling())) {
      findings.add(
          Finding.changed(
              path,
              poolProperty(name, "enableAutoScaling"),
              MEDIUM,
              true,
              Boolean.TRUE.equals(live.enableAutoScaling())));
      return;
    }
    if (!Objects.equals(pool.minCount(), live.minCount())) {
      findings.add(
          Finding.changed(
              path + ".minNodeCount",
              poolProperty(name, "minCount"),
              MEDIUM,
              pool.minCount(),
              live.minCount()));
    }
    if (!Objects.equals(pool.maxCount(), live.maxCount())) {
      findings.add(
          Finding.changed(
              path + ".maxNodeCount",
              poolProperty(name, "maxCount"),
              MEDIUM,
              pool.maxCount(),
              live.maxCount()));
    }
    // The count belongs to the autoscaler; only a count outside the bounds the YAML sets is worth a
    // note.
    Integer count = live.count();
    String range = pool.minCount() + ".." + pool.maxCount();
    if (count != null && count < pool.minCount()) {
      findings.add(
          Finding.changed(path + ".minNodeCount", poolProperty(name, "count"), LOW, range, count));
    } else if (count != null && count > pool.maxCount()) {
      findings.add(
          Finding.changed(path + ".maxNodeCount", poolProperty(name, "count"), LOW, range, count));
    }
  }

  private static void compareLabels(
      PoolView pool, ManagedClusterAgentPoolProfile live, List<Finding> findings) {
    Map<String, String> liveLabels =
        new TreeMap<>(live.nodeLabels() == null ? Map.of() : live.nodeLabels());
    for (PoolView.Label label : pool.labels()) {
      String property = poolProperty(pool.name(), "nodeLabels[\"" + label.key() + "\"]");
      String liveValue = liveLabels.remove(label.key());
      String path = labelOwner(pool, label.key());
      if (liveValue == null) {
        findings.add(Finding.missing(path, property, MEDIUM, label.value()));
      } else if (!liveValue.equals(label.value())) {
        findings.add(Finding.changed(path, property, MEDIUM, label.value(), liveValue));
      }
    }
    for (Map.Entry<String, String> extra : liveLabels.entrySet()) {
      findings.add(
          Finding.unexpected(
              pool.path(),
              poolProperty(pool.name(), "nodeLabels[\"" + extra.getKey() + "\"]"),
              LOW,
              extra.getValue()));
    }
  }

  /** The YAML field a generated label comes from, so the finding points at what the user wrote. */
  private static String labelOwner(PoolView pool, String key) {
    String path = pool.path();
    return switch (key) {
      case Platform.POOL_LABEL -> path + ".name";
      case Platform.GPU_LABEL -> path + ".gpu.acceleratorType";
      case Platform.FABRIC_LABEL -> path + ".fabric";
      default -> path;
    };
  }

  private static void compareTaints(
      PoolView pool, ManagedClusterAgentPoolProfile live, List<Finding> findings) {
    TreeSet<String> liveTaints = new TreeSet<>(nullToEmpty(live.nodeTaints()));
    String property = poolProperty(pool.name(), "nodeTaints");
    for (String taint : new TreeSet<>(pool.taints())) {
      if (!liveTaints.remove(taint)) {
        findings.add(Finding.missing(pool.path() + ".role", property, MEDIUM, taint));
      }
    }
    for (String extra : liveTaints) {
      findings.add(Finding.unexpected(pool.path(), property, MEDIUM, extra));
    }
  }

  private static void compareFeature(ClusterView plan, String state, List<Finding> findings) {
    if (REGISTERED.equalsIgnoreCase(state) || plan.components().infinibandPools().isEmpty()) {
      return;
    }
    PoolView first = plan.components().infinibandPools().get(0);
    findings.add(
        Finding.changed(
            first.path() + ".fabric",
            "features/"
                + Platform.INFINIBAND_FEATURE_NAMESPACE
                + "/"
                + Platform.INFINIBAND_FEATURE
                + ".state",
            HIGH,
            REGISTERED,
            state));
  }

  /**
   * A {@code major.minor} in the YAML matches any live patch of it; a full {@code
   * major.minor.patch} must match exactly.
   */
  static boolean versionMatches(String desired, String live) {
    if (live == null) {
      return false;
    }
    if (desired.split("\\.").length == 2) {
      return live.equals(desired) || live.startsWith(desired + ".");
    }
    return live.equals(desired);
  }

  /**
   * ARM returns canonical names ({@code westeurope}); users sometimes write display names ({@code
   * West Europe}).
   */
  private static boolean sameLocation(String desired, String live) {
    return live != null && canonicalLocation(desired).equals(canonicalLocation(live));
  }

  private static String canonicalLocation(String location) {
    return location.replace(" ", "").toLowerCase(Locale.ROOT);
  }

  static String subnetId(String subscriptionId, ClusterView.Names names) {
    return "/subscriptions/"
        + subscriptionId
        + "/resourceGroups/"
        + names.resourceGroup()
        + "/providers/Microsoft.Network/virtualNetworks/"
        + names.virtualNetwork()
        + "/subnets/"
        + names.subnet();
  }

  private static String poolProperty(String pool, String property) {
    return "agentPoolProfiles[" + pool + "]" + (property.isEmpty() ? "" : "." + property);
  }

  private static String list(TreeSet<String> values) {
    return values.isEmpty() ? "[]" : "[" + String.join(", ", values) + "]";
  }

  private static <T> List<T> nullToEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
