package ai.modelplane.generator.diff;

import ai.modelplane.generator.plan.view.ClusterView;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which variant of a cluster change fact applies, from the two revisions and the two values. A
 * table entry lists the variants its field's changes may take; the first whose condition holds is
 * the change's fact, else the plain one.
 */
final class ClusterVariants {
  static final String MINOR_SKIPPED = "minor-skipped";
  static final String DOWNGRADE = "downgrade";
  static final String SAME_AZURE_CLUSTER = "same-azure-cluster";
  static final String NODE_RESOURCE_GROUP_KEPT = "node-resource-group-kept";
  static final String CLUSTER_REPLACED = "cluster-replaced";
  static final String ENTRA_REMOVED = "entra-removed";
  static final String ENTRA_ADDED_PRIVATE = "entra-added-private";
  static final String RANGES_CLEARED = "ranges-cleared";
  static final String SAME_VIRTUAL_NETWORK = "same-virtual-network";
  static final String NODES_REIMAGED = "nodes-reimaged";

  /**
   * One compared value between two revisions.
   *
   * @param old the old revision's view
   * @param now the new revision's view
   * @param before the old value
   * @param after the new value
   */
  record Change(ClusterView old, ClusterView now, String before, String after) {
    /** The resource group and the cluster name make the managed cluster's resource id. */
    boolean sameAzureCluster() {
      return ClusterVariants.sameAzureCluster(old.names(), now.names());
    }

    boolean nodeResourceGroupKept() {
      return old.names().nodeResourceGroup().equals(now.names().nodeResourceGroup());
    }
  }

  private static final Map<String, Predicate<Change>> CONDITIONS =
      Map.ofEntries(
          Map.entry(SAME_AZURE_CLUSTER, Change::sameAzureCluster),
          // A new cluster that asks for the node resource group the old one still holds.
          Map.entry(
              NODE_RESOURCE_GROUP_KEPT, c -> !c.sameAzureCluster() && c.nodeResourceGroupKept()),
          Map.entry(CLUSTER_REPLACED, c -> !c.sameAzureCluster()),
          Map.entry(
              MINOR_SKIPPED, c -> MINOR_SKIPPED.equals(versionVariant(c.before(), c.after()))),
          Map.entry(DOWNGRADE, c -> DOWNGRADE.equals(versionVariant(c.before(), c.after()))),
          // spec.authentication.mode away from EntraID: AKS cannot remove Entra integration.
          Map.entry(
              ENTRA_REMOVED,
              c -> c.old().authentication().entraId() && !c.now().authentication().entraId()),
          // spec.authentication.mode to EntraID on a private cluster: the Terraform in-cluster
          // root then takes the runner's token and drops its destroy-time removal.
          Map.entry(
              ENTRA_ADDED_PRIVATE,
              c ->
                  c.now().authentication().runCommandToken()
                      && !c.old().authentication().entraId()),
          // The last authorized IP range removed: a list of ranges becomes none.
          Map.entry(RANGES_CLEARED, c -> c.now().authorizedIpRanges().isEmpty()),
          // Another existing subnet of the same existing virtual network.
          Map.entry(SAME_VIRTUAL_NETWORK, c -> sameVirtualNetwork(c.old(), c.now())),
          // The node OS channel transitions AKS reimages the nodes for: to Unmanaged from any
          // channel, and from Unmanaged to None (auto-upgrade-node-os-image.md:41-51).
          Map.entry(
              NODES_REIMAGED,
              c ->
                  c.after().equals("Unmanaged")
                      || c.before().equals("Unmanaged") && c.after().equals("None")));

  private ClusterVariants() {}

  /** The variants this class decides. */
  static Set<String> known() {
    return CONDITIONS.keySet();
  }

  /** The first of {@code declared} whose condition holds, "" for the plain change. */
  static String of(List<String> declared, Change change) {
    for (String variant : declared) {
      Predicate<Change> condition = CONDITIONS.get(variant);
      if (condition == null) {
        throw new IllegalStateException("no condition decides the cluster variant " + variant);
      }
      if (condition.test(change)) {
        return variant;
      }
    }
    return "";
  }

  static boolean sameVirtualNetwork(ClusterView old, ClusterView now) {
    ClusterView.ExistingSubnet before = old.network().existingSubnet();
    ClusterView.ExistingSubnet after = now.network().existingSubnet();
    return before != null && after != null && network(before).equalsIgnoreCase(network(after));
  }

  /** The virtual network's resource ID: the subnet's, up to its last {@code /subnets/}. */
  private static String network(ClusterView.ExistingSubnet subnet) {
    return subnet.id().substring(0, subnet.id().lastIndexOf("/subnets/"));
  }

  static boolean sameAzureCluster(ClusterView.Names old, ClusterView.Names now) {
    return old.resourceGroup().equals(now.resourceGroup()) && old.cluster().equals(now.cluster());
  }

  /**
   * AKS takes a patch or the next minor version in place and refuses a skipped minor or a
   * downgrade, so the two values decide which fact applies. A version without a patch ({@code
   * 1.35}) means the newest patch of that minor, so it is compared by minor only. "" when neither,
   * or when a value is not major.minor (validation reports it; nothing honest to add here).
   */
  static String versionVariant(String before, String after) {
    long[] old = versionParts(before);
    long[] now = versionParts(after);
    if (old.length < 2 || now.length < 2) {
      return "";
    }
    int majorMinor = old[0] != now[0] ? Long.compare(old[0], now[0]) : Long.compare(old[1], now[1]);
    // Downgrade when the minor (or, both pinned, the patch) goes back; a skip when more than one
    // minor forward.
    if (majorMinor > 0
        || (majorMinor == 0 && old.length > 2 && now.length > 2 && old[2] > now[2])) {
      return DOWNGRADE;
    }
    if (old[0] != now[0] || now[1] - old[1] > 1) {
      return MINOR_SKIPPED;
    }
    return "";
  }

  /** {@code major.minor[.patch]}, as the CRD's pattern admits. */
  private static long[] versionParts(String version) {
    String[] parts = version.split("\\.");
    long[] numbers = new long[parts.length];
    try {
      for (int i = 0; i < parts.length; i++) {
        numbers[i] = Long.parseLong(parts[i]);
      }
    } catch (NumberFormatException e) {
      return new long[0];
    }
    return numbers;
  }
}
