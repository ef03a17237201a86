package ai.modelplane.generator.diff;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.EndpointAccess;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.Platform;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Compares two revisions of the same AKSClusters at the model level and says, per cluster, what
 * changes in Azure and with what consequence. Consequences come from {@link ChangeFacts} only.
 *
 * <p>Clusters are matched by {@code namespace/name}, pools by name. A cluster (or pool) that is
 * missing on one side and new on the other at the same place (same file and document, same pool
 * position) is a rename, which Azure sees as a recreation.
 */
public final class ModelDiff {
  static final String NOT_INSTALLED = "not installed";
  static final String NONE = "none";
  static final String DEFAULT_POOL = "default-pool";
  static final String MINOR_SKIPPED = "minor-skipped";
  static final String DOWNGRADE = "downgrade";
  static final String INJECTED_REPLACED = "injected-replaced";
  static final String INJECTED_SAME_NAME = "injected-same-name";
  static final String SAME_AZURE_CLUSTER = "same-azure-cluster";
  static final String NODE_RESOURCE_GROUP_KEPT = "node-resource-group-kept";
  static final String CLUSTER_REPLACED = "cluster-replaced";

  private final ChangeFacts facts;
  private final PoolDiff pools;

  public ModelDiff(ChangeFacts facts, GpuCapacity capacity) {
    this.facts = facts;
    this.pools = new PoolDiff(facts, capacity);
  }

  public DiffReport compare(Revision before, Revision after) {
    Map<String, AksCluster> oldByName = byName(before.clusters());
    Map<String, AksCluster> newByName = byName(after.clusters());
    Map<String, AksCluster> oldBySlot = new TreeMap<>();
    oldByName.values().stream()
        .filter(c -> !newByName.containsKey(c.qualifiedName()))
        .forEach(c -> oldBySlot.putIfAbsent(before.slot(c), c));

    List<ClusterDiff> diffs = new ArrayList<>();
    List<String> unchanged = new ArrayList<>();
    for (AksCluster next : newByName.values()) {
      AksCluster previous = oldByName.get(next.qualifiedName());
      if (previous == null) {
        previous = oldBySlot.remove(after.slot(next));
      }
      if (previous == null) {
        diffs.add(added(next));
        continue;
      }
      ClusterDiff diff = changed(previous, next);
      if (diff.isEmpty()) {
        unchanged.add(next.qualifiedName());
      } else {
        diffs.add(diff);
      }
    }
    oldBySlot.values().forEach(gone -> diffs.add(removed(gone)));
    diffs.sort(Comparator.comparing(ClusterDiff::name));
    unchanged.sort(Comparator.naturalOrder());
    return new DiffReport(diffs, unchanged);
  }

  private static Map<String, AksCluster> byName(List<AksCluster> clusters) {
    Map<String, AksCluster> byName = new TreeMap<>();
    clusters.forEach(c -> byName.putIfAbsent(c.qualifiedName(), c));
    return byName;
  }

  private ClusterDiff added(AksCluster cluster) {
    Change change = new Change(Optional.empty(), facts.cluster("added"), "", summary(cluster));
    List<CapacityImpact> impacts = new ArrayList<>();
    ClusterPlan.of(cluster)
        .view()
        .allPools()
        .forEach(
            p -> pools.capacityImpact(Optional.empty(), Optional.of(p)).ifPresent(impacts::add));
    return new ClusterDiff(
        cluster.qualifiedName(),
        Optional.empty(),
        Optional.empty(),
        Optional.of(cluster.source()),
        List.of(change),
        impacts);
  }

  private ClusterDiff removed(AksCluster cluster) {
    Change change = new Change(Optional.empty(), facts.cluster("removed"), summary(cluster), "");
    List<CapacityImpact> impacts = new ArrayList<>();
    ClusterPlan.of(cluster)
        .view()
        .allPools()
        .forEach(
            p -> pools.capacityImpact(Optional.of(p), Optional.empty()).ifPresent(impacts::add));
    return new ClusterDiff(
        cluster.qualifiedName(),
        Optional.empty(),
        Optional.of(cluster.source()),
        Optional.empty(),
        List.of(change),
        impacts);
  }

  private static String summary(AksCluster cluster) {
    int pools = cluster.spec().allPools().size();
    return cluster.spec().location()
        + ", Kubernetes "
        + cluster.spec().kubernetesVersion()
        + ", "
        + pools
        + (pools == 1 ? " pool" : " pools");
  }

  private ClusterDiff changed(AksCluster previous, AksCluster next) {
    // The same views the renderers lay out, so that diff judges exactly what the code would set.
    ClusterView old = ClusterPlan.of(previous).view();
    ClusterView now = ClusterPlan.of(next).view();
    List<Change> changes = new ArrayList<>();
    boolean sameAzureCluster = sameAzureCluster(old.names(), now.names());
    String moved = sameAzureCluster ? SAME_AZURE_CLUSTER : "";
    clusterProperty(changes, "namespace", moved, previous.namespace(), next.namespace());
    clusterProperty(changes, "name", moved, previous.name(), next.name());
    // A new namespace or name with new Azure names is a new root and a new cluster, which the
    // namespace and name facts say; with the same cluster, each name that still moves is listed.
    if (sameAzureCluster || previous.qualifiedName().equals(next.qualifiedName())) {
      azureNames(changes, old.names(), now.names());
    }
    clusterProperty(changes, "location", old.location(), now.location());
    kubernetesVersion(changes, old.kubernetesVersion(), now.kubernetesVersion());
    clusterProperty(changes, "endpointAccess", endpointAccess(old), endpointAccess(now));
    clusterProperty(changes, "vnetCidr", old.network().vnetCidr(), now.network().vnetCidr());
    clusterProperty(changes, "subnetCidr", old.network().subnetCidr(), now.network().subnetCidr());
    clusterProperty(changes, "networkOperator", networkOperator(old), networkOperator(now));
    defaultPoolMove(changes, old, now);

    List<CapacityImpact> impacts = new ArrayList<>();
    pools.compare(old, now, changes, impacts);
    boolean renamed = !previous.qualifiedName().equals(next.qualifiedName());
    return new ClusterDiff(
        next.qualifiedName(),
        renamed ? Optional.of(previous.qualifiedName()) : Optional.empty(),
        Optional.of(previous.source()),
        Optional.of(next.source()),
        changes,
        impacts);
  }

  /**
   * Another existing pool takes the default pool's place (pools reordered, a role changed). A
   * renamed default pool is not a move: the rename already reports its recreation. A System pool
   * declared where the default pool was injected (or every System pool removed) is a move too: the
   * default pool is then the user's, not upstream's injected one, and what that does depends on
   * whether the name stays.
   */
  private void defaultPoolMove(List<Change> changes, ClusterView old, ClusterView now) {
    String before = old.defaultPool().name();
    String after = now.defaultPool().name();
    if (old.defaultPool().injected() != now.defaultPool().injected()) {
      changes.add(
          new Change(
              Optional.empty(),
              facts.cluster(
                  "defaultPool", before.equals(after) ? INJECTED_SAME_NAME : INJECTED_REPLACED),
              defaultPoolOrigin(old.defaultPool()),
              defaultPoolOrigin(now.defaultPool())));
      return;
    }
    boolean moved =
        !before.equals(after)
            && (old.allPools().stream().anyMatch(p -> p.name().equals(after))
                || now.allPools().stream().anyMatch(p -> p.name().equals(before)));
    if (moved) {
      changes.add(new Change(Optional.empty(), facts.cluster("defaultPool"), before, after));
    }
  }

  /** {@code system (injected)} or {@code sys (spec.nodePools[0])}. */
  private static String defaultPoolOrigin(PoolView pool) {
    return pool.name() + " (" + (pool.injected() ? "injected" : pool.path()) + ")";
  }

  private static String endpointAccess(ClusterView cluster) {
    return (cluster.privateEndpoint() ? EndpointAccess.PRIVATE : EndpointAccess.PUBLIC).yamlName();
  }

  private static String networkOperator(ClusterView cluster) {
    return cluster.components().networkOperator()
        ? Platform.NETWORK_OPERATOR_CHART + " " + Platform.NETWORK_OPERATOR_VERSION
        : NOT_INSTALLED;
  }

  /**
   * AKS takes a patch or the next minor version in place and refuses a skipped minor or a
   * downgrade, so the two values decide which fact applies. A version without a patch ({@code
   * 1.35}) means the newest patch of that minor, so it is compared by minor only.
   */
  private void kubernetesVersion(List<Change> changes, String before, String after) {
    if (before.equals(after)) {
      return;
    }
    long[] old = versionParts(before);
    long[] now = versionParts(after);
    String variant;
    if (old.length < 2 || now.length < 2) {
      variant = ""; // not major.minor: validation reports it; nothing honest to add here
    } else {
      int majorMinor =
          old[0] != now[0] ? Long.compare(old[0], now[0]) : Long.compare(old[1], now[1]);
      variant = versionVariant(majorMinor, old, now);
    }
    changes.add(
        new Change(Optional.empty(), facts.cluster("kubernetesVersion", variant), before, after));
  }

  /**
   * Downgrade when the minor (or, both pinned, the patch) goes back; a skip when more than one
   * minor forward.
   */
  private static String versionVariant(int majorMinor, long[] old, long[] now) {
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

  private void clusterProperty(List<Change> changes, String property, String before, String after) {
    clusterProperty(changes, property, "", before, after);
  }

  private void clusterProperty(
      List<Change> changes, String property, String variant, String before, String after) {
    if (!before.equals(after)) {
      changes.add(new Change(Optional.empty(), facts.cluster(property, variant), before, after));
    }
  }

  /** The resource group and the cluster name make the managed cluster's resource id. */
  private static boolean sameAzureCluster(ClusterView.Names old, ClusterView.Names now) {
    return old.resourceGroup().equals(now.resourceGroup()) && old.cluster().equals(now.cluster());
  }

  /**
   * The Azure names {@code Naming} resolves (derived, or taken from the annotations {@code import}
   * writes), each compared on its own: an annotation edited or removed, or a rename of the
   * namespace or name, moves live resources. What a new name does depends on whether the cluster
   * itself becomes another resource (a new resource group or cluster name), and, when it does,
   * whether it keeps the node resource group the old cluster still holds.
   */
  private void azureNames(List<Change> changes, ClusterView.Names old, ClusterView.Names now) {
    boolean newCluster = !sameAzureCluster(old, now);
    String identity =
        newCluster && old.nodeResourceGroup().equals(now.nodeResourceGroup())
            ? NODE_RESOURCE_GROUP_KEPT
            : "";
    String part = newCluster ? CLUSTER_REPLACED : "";
    clusterProperty(changes, "resourceGroup", identity, old.resourceGroup(), now.resourceGroup());
    clusterProperty(changes, "clusterName", identity, old.cluster(), now.cluster());
    clusterProperty(
        changes, "nodeResourceGroup", part, old.nodeResourceGroup(), now.nodeResourceGroup());
    clusterProperty(changes, "dnsPrefix", part, old.dnsPrefix(), now.dnsPrefix());
    clusterProperty(changes, "virtualNetwork", part, old.virtualNetwork(), now.virtualNetwork());
    clusterProperty(changes, "subnet", part, old.subnet(), now.subnet());
  }
}
