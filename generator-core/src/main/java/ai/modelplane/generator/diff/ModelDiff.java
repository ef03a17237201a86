package ai.modelplane.generator.diff;

import ai.modelplane.generator.diff.GpuCapacity.GpuCount;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.EndpointAccess;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.Platform;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
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
  static final String MINOR_SKIPPED = "minor-skipped";
  static final String DOWNGRADE = "downgrade";

  private final ChangeFacts facts;
  private final GpuCapacity capacity;

  public ModelDiff(ChangeFacts facts, GpuCapacity capacity) {
    this.facts = facts;
    this.capacity = capacity;
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
        .forEach(p -> capacityImpact(Optional.empty(), Optional.of(p)).ifPresent(impacts::add));
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
        .forEach(p -> capacityImpact(Optional.of(p), Optional.empty()).ifPresent(impacts::add));
    return new ClusterDiff(
        cluster.qualifiedName(),
        Optional.empty(),
        Optional.of(cluster.source()),
        Optional.empty(),
        List.of(change),
        impacts);
  }

  private static String summary(AksCluster cluster) {
    int pools = cluster.spec().nodePools().size();
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
    clusterProperty(changes, "namespace", previous.namespace(), next.namespace());
    clusterProperty(changes, "name", previous.name(), next.name());
    clusterProperty(changes, "location", old.location(), now.location());
    kubernetesVersion(changes, old.kubernetesVersion(), now.kubernetesVersion());
    clusterProperty(changes, "endpointAccess", endpointAccess(old), endpointAccess(now));
    clusterProperty(changes, "vnetCidr", old.network().vnetCidr(), now.network().vnetCidr());
    clusterProperty(changes, "subnetCidr", old.network().subnetCidr(), now.network().subnetCidr());
    clusterProperty(changes, "networkOperator", networkOperator(old), networkOperator(now));
    defaultPoolMove(changes, old, now);

    List<CapacityImpact> impacts = new ArrayList<>();
    Map<String, PoolView> oldPools = new LinkedHashMap<>();
    old.allPools().forEach(p -> oldPools.put(p.name(), p));
    Map<String, PoolView> newPools = new LinkedHashMap<>();
    now.allPools().forEach(p -> newPools.put(p.name(), p));
    // A pool missing in the new revision and a new pool at the same spec position: a rename.
    Map<Integer, PoolView> vanishedByIndex = new TreeMap<>();
    oldPools.values().stream()
        .filter(p -> !newPools.containsKey(p.name()))
        .forEach(p -> vanishedByIndex.put(p.index(), p));

    for (PoolView pool : sortedBySpecIndex(newPools)) {
      PoolView before = oldPools.get(pool.name());
      if (before == null) {
        before = vanishedByIndex.remove(pool.index());
        if (before != null) {
          // The first System pool is the cluster's default pool: its name is the cluster's, not a
          // pool resource's.
          boolean defaultPool =
              old.defaultPool().name().equals(before.name())
                  && now.defaultPool().name().equals(pool.name());
          changes.add(
              new Change(
                  Optional.of(pool.name()),
                  facts.pool("name", defaultPool ? DEFAULT_POOL : ""),
                  before.name(),
                  pool.name()));
        }
      }
      if (before == null) {
        changes.add(poolChange(pool.name(), "added", "", poolSummary(pool)));
        capacityImpact(Optional.empty(), Optional.of(pool)).ifPresent(impacts::add);
        continue;
      }
      poolChanges(changes, before, pool);
      capacityImpact(Optional.of(before), Optional.of(pool)).ifPresent(impacts::add);
    }
    for (PoolView gone : vanishedByIndex.values()) {
      changes.add(poolChange(gone.name(), "removed", poolSummary(gone), ""));
      capacityImpact(Optional.of(gone), Optional.empty()).ifPresent(impacts::add);
    }
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
   * renamed default pool is not a move: the rename already reports its recreation.
   */
  private void defaultPoolMove(List<Change> changes, ClusterView old, ClusterView now) {
    String before = old.defaultPool().name();
    String after = now.defaultPool().name();
    boolean moved =
        !before.equals(after)
            && (old.allPools().stream().anyMatch(p -> p.name().equals(after))
                || now.allPools().stream().anyMatch(p -> p.name().equals(before)));
    if (moved) {
      changes.add(new Change(Optional.empty(), facts.cluster("defaultPool"), before, after));
    }
  }

  private static List<PoolView> sortedBySpecIndex(Map<String, PoolView> pools) {
    return pools.values().stream().sorted(Comparator.comparingInt(PoolView::index)).toList();
  }

  private static String endpointAccess(ClusterView cluster) {
    return (cluster.privateEndpoint() ? EndpointAccess.PRIVATE : EndpointAccess.PUBLIC).yamlName();
  }

  private static String networkOperator(ClusterView cluster) {
    return cluster.components().networkOperator()
        ? Platform.NETWORK_OPERATOR_CHART + " " + Platform.NETWORK_OPERATOR_VERSION
        : NOT_INSTALLED;
  }

  private static String poolSummary(PoolView pool) {
    return pool.vmSize() + ", " + pool.minCount() + ".." + pool.maxCount() + " nodes";
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
    if (!before.equals(after)) {
      changes.add(new Change(Optional.empty(), facts.cluster(property), before, after));
    }
  }

  private void poolChanges(List<Change> changes, PoolView before, PoolView after) {
    poolProperty(changes, "vmSize", before, after, PoolView::vmSize);
    poolProperty(changes, "diskSizeGb", before, after, p -> Integer.toString(p.osDiskSizeGb()));
    poolProperty(
        changes,
        "zones",
        before,
        after,
        p -> p.zones().isEmpty() ? NONE : String.join(", ", p.zones()));
    poolProperty(
        changes,
        "gpuDriver",
        before,
        after,
        p -> p.gpuDriver().equals(Platform.GPU_DRIVER_INSTALL) ? p.gpuDriver() : "not set");
    poolProperty(changes, "mode", before, after, PoolView::mode);
    poolProperty(changes, "minNodeCount", before, after, p -> Integer.toString(p.minCount()));
    poolProperty(changes, "maxNodeCount", before, after, p -> Integer.toString(p.maxCount()));
    poolProperty(changes, "nodeCount", before, after, p -> Integer.toString(p.nodeCount()));
    poolProperty(
        changes,
        "fabric",
        before,
        after,
        p -> (p.infiniband() ? Fabric.INFINIBAND : Fabric.NONE).yamlName());
    mapChange(changes, "labels", before, after, labels(before), labels(after));
    poolProperty(
        changes,
        "taints",
        before,
        after,
        p -> p.taints().isEmpty() ? NONE : String.join(", ", p.taints()));
  }

  private static SortedMap<String, String> labels(PoolView pool) {
    SortedMap<String, String> labels = new TreeMap<>();
    pool.labels().forEach(label -> labels.put(label.key(), label.value()));
    return labels;
  }

  private void poolProperty(
      List<Change> changes,
      String property,
      PoolView before,
      PoolView after,
      Function<PoolView, String> value) {
    String old = value.apply(before);
    String now = value.apply(after);
    if (!old.equals(now)) {
      changes.add(poolChange(after.name(), property, old, now));
    }
  }

  /** Shows only the entries that differ, so a label change reads as one line. */
  private void mapChange(
      List<Change> changes,
      String property,
      PoolView before,
      PoolView after,
      SortedMap<String, String> old,
      SortedMap<String, String> now) {
    TreeSet<String> keys = new TreeSet<>(old.keySet());
    keys.addAll(now.keySet());
    List<String> was = new ArrayList<>();
    List<String> is = new ArrayList<>();
    if (!before.name().equals(after.name())) {
      keys.remove(Platform.POOL_LABEL); // follows the pool name, already reported as a recreation
    }
    for (String key : keys) {
      if (!Objects.equals(old.get(key), now.get(key))) {
        if (old.containsKey(key)) {
          was.add(key + "=" + old.get(key));
        }
        if (now.containsKey(key)) {
          is.add(key + "=" + now.get(key));
        }
      }
    }
    if (!was.isEmpty() || !is.isEmpty()) {
      changes.add(
          poolChange(
              after.name(),
              property,
              was.isEmpty() ? NONE : String.join(", ", was),
              is.isEmpty() ? NONE : String.join(", ", is)));
    }
  }

  private Change poolChange(String pool, String property, String before, String after) {
    return new Change(Optional.of(pool), facts.pool(property), before, after);
  }

  private Optional<CapacityImpact> capacityImpact(
      Optional<PoolView> before, Optional<PoolView> after) {
    Optional<GpuCount> gpusBefore = before.flatMap(p -> capacity.perNode(p.vmSize()));
    Optional<GpuCount> gpusAfter = after.flatMap(p -> capacity.perNode(p.vmSize()));
    if ((before.isPresent() && gpusBefore.isEmpty())
        || (after.isPresent() && gpusAfter.isEmpty())) {
      return Optional
          .empty(); // a side whose size is unknown (or has no GPU): nothing honest to say
    }
    int maxBefore = before.map(p -> p.maxCount() * gpusBefore.get().count()).orElse(0);
    int maxAfter = after.map(p -> p.maxCount() * gpusAfter.get().count()).orElse(0);
    String modelBefore = gpusBefore.map(GpuCount::model).orElse("");
    String modelAfter = gpusAfter.map(GpuCount::model).orElse("");
    if (maxBefore == maxAfter && modelBefore.equals(modelAfter)) {
      return Optional.empty();
    }
    String text;
    if (after.isEmpty()) {
      text =
          before.get().name()
              + " removed: no GPUs (was up to "
              + maxBefore
              + " "
              + modelBefore
              + ")";
    } else {
      PoolView pool = after.get();
      StringBuilder what = new StringBuilder(pool.name());
      if (before.isEmpty()) {
        what.append(" added, max ").append(pool.maxCount()).append(" nodes");
      } else {
        PoolView old = before.get();
        if (!old.vmSize().equals(pool.vmSize())) {
          what.append(' ').append(old.vmSize()).append(" → ").append(pool.vmSize()).append(',');
        }
        what.append(" max ");
        if (old.maxCount() != pool.maxCount()) {
          what.append(old.maxCount()).append(" → ");
        }
        what.append(pool.maxCount()).append(" nodes");
      }
      String was =
          before.isEmpty()
              ? "0"
              : modelBefore.equals(modelAfter)
                  ? Integer.toString(maxBefore)
                  : maxBefore + " " + modelBefore;
      text = what + ": up to " + maxAfter + " " + modelAfter + " GPUs (was " + was + ")";
    }
    return Optional.of(
        new CapacityImpact(
            after.or(() -> before).get().name(),
            maxBefore,
            modelBefore,
            maxAfter,
            modelAfter,
            text));
  }
}
