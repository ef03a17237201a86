package ai.modelplane.generator.diff;

import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.render.Target;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What changes for one AKSCluster between two revisions.
 *
 * @param name {@code namespace/name} in the new revision (the old one when the cluster is removed)
 * @param previousName the old {@code namespace/name} when it changed
 * @param before where the old revision declares it, empty when it is new
 * @param after where the new revision declares it, empty when it is removed
 * @param changes every change, cluster-level first, then per pool in spec order
 * @param capacity GPU capacity impact per pool, where the VM sizes are known
 */
public record ClusterDiff(
    String name,
    Optional<String> previousName,
    Optional<SourceRef> before,
    Optional<SourceRef> after,
    List<Change> changes,
    List<CapacityImpact> capacity) {
  public ClusterDiff {
    changes = List.copyOf(changes);
    capacity = List.copyOf(capacity);
  }

  public boolean isEmpty() {
    return changes.isEmpty();
  }

  /** The most severe consequence among the changes, over every target. */
  public Optional<Consequence> worst() {
    return worst(Change.ALL_TARGETS);
  }

  /** The most severe consequence among the changes in {@code target}. */
  public Optional<Consequence> worst(Target target) {
    return worst(List.of(target));
  }

  public Optional<Consequence> worst(Collection<Target> targets) {
    return changes.stream().map(c -> c.worst(targets)).max(Comparator.naturalOrder());
  }

  /** True when some change deletes or recreates something in some target. */
  public boolean destructive() {
    return destructive(Change.ALL_TARGETS);
  }

  public boolean destructive(Target target) {
    return destructive(List.of(target));
  }

  public boolean destructive(Collection<Target> targets) {
    return changes.stream().anyMatch(c -> c.destructive(targets));
  }

  /** True when Azure refuses some change in some target. */
  public boolean refused() {
    return refused(Change.ALL_TARGETS);
  }

  public boolean refused(Target target) {
    return refused(List.of(target));
  }

  public boolean refused(Collection<Target> targets) {
    return changes.stream().anyMatch(c -> c.refused(targets));
  }

  /** {@code added}, {@code removed}, {@code renamed} or {@code changed}. */
  public String status() {
    if (before.isEmpty()) {
      return "added";
    }
    if (after.isEmpty()) {
      return "removed";
    }
    return previousName.isPresent() ? "renamed" : "changed";
  }
}
