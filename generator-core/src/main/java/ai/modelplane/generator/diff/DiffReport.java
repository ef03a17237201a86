package ai.modelplane.generator.diff;

import java.util.List;

/**
 * The result of comparing two revisions.
 *
 * @param clusters clusters with at least one change, sorted by name
 * @param unchanged names of clusters present in both revisions without any change, sorted
 */
public record DiffReport(List<ClusterDiff> clusters, List<String> unchanged) {
  public DiffReport {
    clusters = List.copyOf(clusters);
    unchanged = List.copyOf(unchanged);
  }

  /** True when applying the change deletes or recreates anything: exit code 2. */
  public boolean destructive() {
    return clusters.stream().anyMatch(ClusterDiff::destructive);
  }

  public int changeCount() {
    return clusters.stream().mapToInt(c -> c.changes().size()).sum();
  }

  public long destructiveChangeCount() {
    return clusters.stream().flatMap(c -> c.changes().stream()).filter(c -> c.consequence().destructive()).count();
  }
}
