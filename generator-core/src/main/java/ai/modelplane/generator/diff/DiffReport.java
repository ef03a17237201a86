package ai.modelplane.generator.diff;

import ai.modelplane.generator.render.Target;
import java.util.List;

/**
 * The result of comparing two revisions.
 *
 * @param clusters clusters with at least one change, sorted by name
 * @param unchanged names of clusters present in both revisions without any change, sorted
 * @param targets the targets whose consequences count (all of them, or the one asked for), in enum
 *     order
 */
public record DiffReport(List<ClusterDiff> clusters, List<String> unchanged, List<Target> targets) {
  public DiffReport {
    clusters = List.copyOf(clusters);
    unchanged = List.copyOf(unchanged);
    targets = targets.stream().distinct().sorted().toList();
    if (targets.isEmpty()) {
      throw new IllegalArgumentException("a diff report needs at least one target");
    }
  }

  /** A report over every target. */
  public DiffReport(List<ClusterDiff> clusters, List<String> unchanged) {
    this(clusters, unchanged, Change.ALL_TARGETS);
  }

  /** The same changes, judged by {@code target} alone. */
  public DiffReport only(Target target) {
    return new DiffReport(clusters, unchanged, List.of(target));
  }

  /**
   * True when applying the change deletes or recreates anything in one of {@link #targets}: exit
   * code 2.
   */
  public boolean destructive() {
    return clusters.stream().anyMatch(c -> c.destructive(targets));
  }

  /**
   * True when Azure refuses a change in one of {@link #targets}, so the apply fails: exit code 3.
   */
  public boolean refused() {
    return clusters.stream().anyMatch(c -> c.refused(targets));
  }

  public int changeCount() {
    return clusters.stream().mapToInt(c -> c.changes().size()).sum();
  }

  public long destructiveChangeCount() {
    return clusters.stream()
        .flatMap(c -> c.changes().stream())
        .filter(c -> c.destructive(targets))
        .count();
  }

  public long refusedChangeCount() {
    return clusters.stream()
        .flatMap(c -> c.changes().stream())
        .filter(c -> c.refused(targets))
        .count();
  }
}
