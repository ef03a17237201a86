package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.LOW;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;
import static ai.modelplane.drift.SdkLists.orEmpty;

import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.Platform;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ContainerServiceNetworkProfile;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Compares one cluster's desired state (the view every renderer lays out) with what ARM returned,
 * with judgement: only properties the generated code sets are compared, a {@code major.minor}
 * version matches any live patch, and an autoscaled pool's node count is the autoscaler's business
 * while it stays within min..max. The managed cluster's own properties and the InfiniBand feature
 * are compared here, the VNet by {@link NetworkComparator}, each pool by {@link PoolComparator}.
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
    NetworkComparator.compare(plan, live.network(), findings);
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

    ExtensionComparator.compare(plan, cluster, findings);

    Map<String, ManagedClusterAgentPoolProfile> livePools = new TreeMap<>();
    for (ManagedClusterAgentPoolProfile pool : orEmpty(cluster.agentPoolProfiles())) {
      livePools.put(pool.name(), pool);
    }
    String subnetId = subnetId(subscriptionId, names);
    List<PoolView> pools = plan.allPools();
    for (PoolView pool : pools) {
      ManagedClusterAgentPoolProfile livePool = livePools.remove(pool.name());
      if (livePool == null) {
        findings.add(
            Finding.missing(
                pool.path(),
                PoolComparator.property(pool.name(), ""),
                HIGH,
                "agent pool " + pool.name()));
      } else {
        PoolComparator.compare(pool, livePool, plan.kubernetesVersion(), subnetId, findings);
      }
    }
    for (String extra : livePools.keySet()) {
      boolean rotation = pools.stream().anyMatch(p -> p.rotationName().equals(extra));
      findings.add(
          Finding.unexpected(
              "spec.nodePools",
              PoolComparator.property(extra, ""),
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
}
