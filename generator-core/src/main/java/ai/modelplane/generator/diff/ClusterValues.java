package ai.modelplane.generator.diff;

import static java.util.Map.entry;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.EndpointAccess;
import ai.modelplane.generator.plan.Views;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PlatformView;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * How diff reads each cluster change fact's value: one line per property of {@code
 * properties.yaml}'s cluster facts, off the view the templates lay out (the namespace and name off
 * the resource itself).
 */
final class ClusterValues {
  /** One revision of a cluster: the resource as written and the view the code would set. */
  record Side(AksCluster cluster, ClusterView view) {}

  private static final Map<String, Function<Side, String>> VALUES =
      Map.ofEntries(
          entry("namespace", s -> s.cluster().namespace()),
          entry("name", s -> s.cluster().name()),
          entry("resourceGroup", s -> s.view().names().resourceGroup()),
          entry("clusterName", s -> s.view().names().cluster()),
          entry("nodeResourceGroup", s -> s.view().names().nodeResourceGroup()),
          entry("dnsPrefix", s -> s.view().names().dnsPrefix()),
          entry("virtualNetwork", s -> s.view().names().virtualNetwork()),
          entry("subnet", s -> s.view().names().subnet()),
          entry("location", s -> s.view().location()),
          entry("kubernetesVersion", s -> s.view().kubernetesVersion()),
          entry("endpointAccess", s -> endpointAccess(s.view())),
          entry("tags", s -> tags(s.view())),
          entry("workloadIdentity", s -> String.valueOf(s.view().workloadIdentity())),
          entry("gpuStack", s -> s.cluster().spec().gpuStack().yamlName()),
          entry("vnetCidr", s -> s.view().network().vnetCidr()),
          entry("subnetCidr", s -> s.view().network().subnetCidr()),
          entry("authenticationMode", s -> s.view().authentication().mode()),
          entry("adminGroupObjectIds", s -> adminGroupObjectIds(s.view())),
          entry("authorizedIpRanges", s -> ranges(s.view())),
          entry("subnetId", s -> nodeSubnet(s.view())),
          entry("nodeOsUpgradeChannel", s -> nodeOsUpgradeChannel(s.view())),
          entry("autoUpgradeWindow", s -> window(s.view(), ClusterView.Maintenance::autoUpgrade)),
          entry("nodeOsWindow", s -> window(s.view(), ClusterView.Maintenance::nodeOs)));

  private ClusterValues() {}

  /** The properties that have a binding. */
  static Set<String> properties() {
    return VALUES.keySet();
  }

  /** The binding of a cluster fact property, empty for one diff compares otherwise. */
  static Optional<Function<Side, String>> of(String property) {
    return Optional.ofNullable(VALUES.get(property));
  }

  /** The tags as {@code name=value} pairs in name order; {@code {}} for none. */
  private static String tags(ClusterView cluster) {
    return cluster.tags().stream()
        .map(tag -> tag.key() + "=" + tag.value())
        .collect(java.util.stream.Collectors.joining(", ", "{", "}"));
  }

  /** The admin groups in YAML order; {@code []} for none (LocalAccounts). */
  private static String adminGroupObjectIds(ClusterView cluster) {
    return "[" + String.join(", ", cluster.authentication().adminGroupObjectIds()) + "]";
  }

  /**
   * The authorized IP ranges sorted, {@code [a, b]}; {@code []} for none. Their order means nothing
   * to AKS (azurerm holds them as a set), so a reordering is no change.
   */
  private static String ranges(ClusterView cluster) {
    return cluster.authorizedIpRanges().stream()
        .sorted()
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
  }

  /**
   * The existing subnet's resource ID, or the same words for every network of the cluster's own,
   * whose names the virtualNetwork and subnet facts compare.
   */
  static String nodeSubnet(ClusterView cluster) {
    ClusterView.ExistingSubnet existing = cluster.network().existingSubnet();
    return existing != null ? existing.id() : "(a virtual network of the cluster's own)";
  }

  /** The node OS channel the generated code leaves the cluster on: NodeImage when left out. */
  static String nodeOsUpgradeChannel(ClusterView cluster) {
    return cluster.maintenance() == null
        ? Views.PLATFORM.maintenance().nodeOsUpgradeChannel()
        : cluster.maintenance().nodeOsUpgradeChannel();
  }

  /**
   * A maintenance window as the generated code sets it, {@code Sunday 00:00 +00:00, 4 h}; a spec
   * without {@code maintenance} gets the platform's windows, so writing them out is no change.
   */
  private static String window(
      ClusterView cluster, Function<ClusterView.Maintenance, PlatformView.Window> which) {
    PlatformView.Maintenance platform = Views.PLATFORM.maintenance();
    PlatformView.Window window =
        cluster.maintenance() == null
            ? which.apply(
                new ClusterView.Maintenance(
                    platform.nodeOsUpgradeChannel(), platform.autoUpgrade(), platform.nodeOs()))
            : which.apply(cluster.maintenance());
    return window.dayOfWeek()
        + " "
        + window.startTime()
        + " "
        + window.utcOffset()
        + ", "
        + window.durationHours()
        + " h";
  }

  private static String endpointAccess(ClusterView cluster) {
    return (cluster.privateEndpoint() ? EndpointAccess.PRIVATE : EndpointAccess.PUBLIC).yamlName();
  }
}
