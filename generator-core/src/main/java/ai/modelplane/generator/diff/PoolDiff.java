package ai.modelplane.generator.diff;

import ai.modelplane.generator.diff.GpuCapacity.GpuCount;
import ai.modelplane.generator.diff.PoolValues.PoolValue;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.PropertyTable;
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

/**
 * The pool half of {@link ModelDiff}: pools matched by name (a pool missing on one side and new at
 * the same spec position is a rename), the properties that differ, and what each change does to the
 * cluster's GPU capacity.
 */
final class PoolDiff {
  private static final String NONE = ModelDiff.NONE;

  /** The pool fact property pools are matched by, which a rename reports. */
  static final String MATCHED_BY = "name";

  /** The property whose removal has facts of its own ({@link #removalVariant}). */
  static final String DRAIN_TIMEOUT = "drainTimeoutMinutes";

  static final String REMOVED = "removed";

  static final String REMOVED_FROM_DEFAULT_POOL = "removed-from-default-pool";

  private final ChangeFacts facts;
  private final GpuCapacity capacity;
  private final List<ComparedProperty> properties;

  PoolDiff(ChangeFacts facts, GpuCapacity capacity, PropertyTable table) {
    this.facts = facts;
    this.capacity = capacity;
    this.properties = ComparedProperty.of(facts, ChangeFacts.POOL, table.pool());
  }

  /** Adds the pool changes between {@code old} and {@code now}, and their capacity impacts. */
  void compare(
      ClusterView old, ClusterView now, List<Change> changes, List<CapacityImpact> impacts) {
    Map<String, PoolView> oldPools = new LinkedHashMap<>();
    old.allPools().forEach(p -> oldPools.put(p.name(), p));
    Map<String, PoolView> newPools = new LinkedHashMap<>();
    now.allPools().forEach(p -> newPools.put(p.name(), p));
    if (old.defaultPool().injected() != now.defaultPool().injected()
        && !old.defaultPool().name().equals(now.defaultPool().name())) {
      // The injected default pool gives way to a declared one of another name (or the reverse):
      // ModelDiff reports it as the default pool's move, which recreates or refuses the cluster; a
      // pool deleted and one created would hide that.
      oldPools.remove(old.defaultPool().name());
      newPools.remove(now.defaultPool().name());
    }
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
                  facts.pool(MATCHED_BY, defaultPool ? ModelDiff.DEFAULT_POOL : ""),
                  before.name(),
                  pool.name()));
        }
      }
      if (before == null) {
        changes.add(poolChange(pool.name(), ModelDiff.ADDED, "", poolSummary(pool)));
        capacityImpact(Optional.empty(), Optional.of(pool)).ifPresent(impacts::add);
        continue;
      }
      poolChanges(changes, before, pool, now.defaultPool().name().equals(pool.name()));
      capacityImpact(Optional.of(before), Optional.of(pool)).ifPresent(impacts::add);
    }
    for (PoolView gone : vanishedByIndex.values()) {
      changes.add(poolChange(gone.name(), ModelDiff.REMOVED, poolSummary(gone), ""));
      capacityImpact(Optional.of(gone), Optional.empty()).ifPresent(impacts::add);
    }
  }

  /** Each property the table's pool fields use, in the facts file's order. */
  private void poolChanges(
      List<Change> changes, PoolView before, PoolView after, boolean defaultPool) {
    for (ComparedProperty compared : properties) {
      String property = compared.property();
      if (property.equals(MATCHED_BY)) {
        continue; // the pools were matched by it; a rename is reported where they are
      }
      PoolValue value =
          PoolValues.of(property)
              .orElseThrow(() -> new IllegalStateException("no binding for " + compared));
      if (value instanceof PoolValues.Entries entries) {
        mapChange(
            changes,
            property,
            before,
            after,
            entries.read().apply(before),
            entries.read().apply(after));
      } else if (value instanceof PoolValues.Text text) {
        String old = text.read().apply(before);
        String now = text.read().apply(after);
        if (!old.equals(now)) {
          String variant = removalVariant(property, now, defaultPool);
          changes.add(
              new Change(
                  Optional.of(after.name()),
                  variant.isEmpty() ? facts.pool(property) : facts.pool(property, variant),
                  old,
                  now));
        }
      }
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

  /**
   * The variant of a value the YAML no longer sets, when the change facts give its removal a fact
   * of its own (for the default pool, {@code removed-from-default-pool} first): a removed drain
   * timeout replaces the pool, or for the default pool the cluster, in azurerm v5.2.0
   * (kubernetes_cluster_node_pool_resource.go:84-86, kubernetes_cluster_resource.go:82-84); a
   * removed OS SKU changes nothing there. Empty for every other change.
   */
  private String removalVariant(String property, String now, boolean defaultPool) {
    if (!now.equals(PoolValues.NOT_SET)) {
      return "";
    }
    if (defaultPool && facts.hasPool(property, REMOVED_FROM_DEFAULT_POOL)) {
      return REMOVED_FROM_DEFAULT_POOL;
    }
    return facts.hasPool(property, REMOVED) ? REMOVED : "";
  }

  /** Whether diff tells {@code variant} of the pool fact {@code property} apart. */
  static boolean decides(String property, String variant) {
    return (property.equals(MATCHED_BY) && variant.equals(ModelDiff.DEFAULT_POOL))
        || variant.equals(REMOVED)
        || variant.equals(REMOVED_FROM_DEFAULT_POOL);
  }

  private Change poolChange(String pool, String property, String before, String after) {
    return new Change(Optional.of(pool), facts.pool(property), before, after);
  }

  /** What a pool change does to the GPUs the cluster can scale to; empty when nothing honest. */
  Optional<CapacityImpact> capacityImpact(Optional<PoolView> before, Optional<PoolView> after) {
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
    // Spot capacity costs less and can be evicted: a move between Regular and Spot is a capacity
    // change a reviewer weighs with the count.
    boolean priorityChanged =
        before.isPresent() && after.isPresent() && before.get().spot() != after.get().spot();
    boolean migChanged =
        before.isPresent()
            && after.isPresent()
            && !Objects.equals(before.get().migProfile(), after.get().migProfile());
    if (maxBefore == maxAfter
        && modelBefore.equals(modelAfter)
        && !priorityChanged
        && !migChanged) {
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
        what.append(pool.spot() ? " added on Spot VMs (evictable)," : " added,")
            .append(" max ")
            .append(pool.maxCount())
            .append(" nodes");
      } else {
        PoolView old = before.get();
        if (!old.vmSize().equals(pool.vmSize())) {
          what.append(' ').append(old.vmSize()).append(" → ").append(pool.vmSize()).append(',');
        }
        if (priorityChanged) {
          what.append(old.spot() ? " Spot → Regular VMs," : " Regular → Spot VMs (evictable),");
        }
        if (migChanged) {
          what.append(" GPUs ")
              .append(slices(old.migProfile()))
              .append(" → ")
              .append(slices(pool.migProfile()))
              .append(',');
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

  /**
   * GPU instances per GPU of each MIG profile, from AKS's profile table for Standard_ND96asr_v4
   * (MicrosoftDocs/azure-aks-docs {@code articles/aks/gpu-multi-instance.md:33-39} at {@code
   * fb060abe6a8f}).
   */
  private static final Map<String, Integer> MIG_INSTANCES_PER_GPU =
      Map.of("MIG1g", 7, "MIG2g", 3, "MIG3g", 2, "MIG4g", 1, "MIG7g", 1);

  private static String slices(String migProfile) {
    if (migProfile == null) {
      return "whole";
    }
    Integer instances = MIG_INSTANCES_PER_GPU.get(migProfile);
    return instances == null
        ? migProfile
        : migProfile + " (" + instances + (instances == 1 ? " instance" : " instances") + " each)";
  }

  private static List<PoolView> sortedBySpecIndex(Map<String, PoolView> pools) {
    return pools.values().stream().sorted(Comparator.comparingInt(PoolView::index)).toList();
  }

  private static String poolSummary(PoolView pool) {
    return pool.vmSize() + ", " + pool.minCount() + ".." + pool.maxCount() + " nodes";
  }
}
