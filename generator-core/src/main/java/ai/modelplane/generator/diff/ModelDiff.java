package ai.modelplane.generator.diff;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.naming.NameAnnotation;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.PropertyTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

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
  static final String INJECTED_REPLACED = "injected-replaced";
  static final String INJECTED_SAME_NAME = "injected-same-name";

  /** Changes of no one field: a cluster or pool added or removed. */
  static final String ADDED = "added";

  static final String REMOVED = "removed";

  /** The default pool moved to another pool: decided by the order and roles of the pools. */
  static final String DEFAULT_POOL_MOVE = "defaultPool";

  /** The network operator installed or removed: decided by the fabric of every pool. */
  static final String NETWORK_OPERATOR = "networkOperator";

  static final String GPU_STACK_COMPONENTS = "gpuStackComponents";

  /** The table's Azure-name fields, which diff lists only while the cluster stays the same. */
  private static final String AZURE_NAME_ANNOTATIONS =
      "metadata.annotations[" + NameAnnotation.PREFIX;

  private final ChangeFacts facts;
  private final PoolDiff pools;
  private final List<ComparedProperty> clusterProperties;

  public ModelDiff(ChangeFacts facts, GpuCapacity capacity) {
    this(facts, capacity, PropertyTable.bundled());
  }

  ModelDiff(ChangeFacts facts, GpuCapacity capacity, PropertyTable table) {
    this.facts = facts;
    this.pools = new PoolDiff(facts, capacity, table);
    this.clusterProperties = ComparedProperty.of(facts, ChangeFacts.CLUSTER, table.cluster());
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
    Change change = new Change(Optional.empty(), facts.cluster(ADDED), "", summary(cluster));
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
    Change change = new Change(Optional.empty(), facts.cluster(REMOVED), summary(cluster), "");
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
    ClusterValues.Side was = new ClusterValues.Side(previous, old);
    ClusterValues.Side is = new ClusterValues.Side(next, now);
    // A new namespace or name with new Azure names is a new root and a new cluster, which the
    // namespace and name facts say; with the same cluster, each name that still moves is listed.
    boolean azureNamesCompared =
        ClusterVariants.sameAzureCluster(old.names(), now.names())
            || previous.qualifiedName().equals(next.qualifiedName());
    List<Change> changes = new ArrayList<>();
    for (ComparedProperty compared : clusterProperties) {
      if (compared.entry().field().startsWith(AZURE_NAME_ANNOTATIONS) && !azureNamesCompared) {
        continue;
      }
      Function<ClusterValues.Side, String> value =
          ClusterValues.of(compared.property())
              .orElseThrow(() -> new IllegalStateException("no binding for " + compared));
      String before = value.apply(was);
      String after = value.apply(is);
      if (!before.equals(after)) {
        String variant =
            ClusterVariants.of(
                compared.variants(), new ClusterVariants.Change(old, now, before, after));
        changes.add(
            new Change(
                Optional.empty(), facts.cluster(compared.property(), variant), before, after));
      }
    }
    String operatorBefore = networkOperator(old);
    String operatorAfter = networkOperator(now);
    if (!operatorBefore.equals(operatorAfter)) {
      changes.add(
          new Change(
              Optional.empty(), facts.cluster(NETWORK_OPERATOR), operatorBefore, operatorAfter));
    }
    String stackBefore = gpuStackComponents(old);
    String stackAfter = gpuStackComponents(now);
    if (!stackBefore.equals(stackAfter)) {
      changes.add(
          new Change(
              Optional.empty(), facts.cluster(GPU_STACK_COMPONENTS), stackBefore, stackAfter));
    }
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
                  DEFAULT_POOL_MOVE, before.equals(after) ? INJECTED_SAME_NAME : INJECTED_REPLACED),
              defaultPoolOrigin(old.defaultPool()),
              defaultPoolOrigin(now.defaultPool())));
      return;
    }
    boolean moved =
        !before.equals(after)
            && (old.allPools().stream().anyMatch(p -> p.name().equals(after))
                || now.allPools().stream().anyMatch(p -> p.name().equals(before)));
    if (moved) {
      changes.add(new Change(Optional.empty(), facts.cluster(DEFAULT_POOL_MOVE), before, after));
    }
  }

  /** {@code system (injected)} or {@code sys (spec.nodePools[0])}. */
  private static String defaultPoolOrigin(PoolView pool) {
    return pool.name() + " (" + (pool.injected() ? "injected" : pool.path()) + ")";
  }

  /**
   * The releases of the GPU stack the cluster gets, with their chart versions, and the device
   * plugin's MIG strategy where a pool sets gpu.migProfile.
   */
  private static String gpuStackComponents(ClusterView cluster) {
    String stack = cluster.components().gpuStack();
    if (stack.isEmpty()) {
      return NOT_INSTALLED;
    }
    String driver =
        stack.equals(GpuStack.DRA.yamlName())
            ? Platform.DRA_DRIVER_CHART + " " + Platform.DRA_DRIVER_VERSION
            : Platform.DEVICE_PLUGIN_CHART
                + " "
                + Platform.DEVICE_PLUGIN_VERSION
                // The first MIG pool, or the last one gone, reconfigures the device plugin.
                + (cluster.components().migSlices()
                    ? " (migStrategy " + Platform.DEVICE_PLUGIN_MIG_STRATEGY + ")"
                    : "");
    return Platform.NFD_CHART + " " + Platform.NFD_VERSION + ", " + driver;
  }

  private static String networkOperator(ClusterView cluster) {
    return cluster.components().networkOperator()
        ? Platform.NETWORK_OPERATOR_CHART + " " + Platform.NETWORK_OPERATOR_VERSION
        : NOT_INSTALLED;
  }
}
