package ai.modelplane.generator.output;

import java.util.List;

/**
 * What {@link OutputTree#write} would do, found by {@link OutputTree#check}; see {@link TreeReport}
 * for the lists.
 *
 * @param stale every path whose bytes a write would change, with {@link Manifest#PATH} after the
 *     files when the manifest would change, then the {@code leftovers}
 * @param diff unified diff of the files and manifest in {@code stale}, empty when up to date
 * @param leftovers what an interrupted run left in {@code .modelplane/} (its journal, staged or
 *     temporary files), also listed in {@code stale}; a write cleans them up first
 */
public record CheckReport(
    List<String> written,
    List<String> unchanged,
    List<String> removed,
    List<String> editedByHand,
    List<String> stale,
    String diff,
    List<String> leftovers)
    implements TreeReport {
  public CheckReport {
    written = List.copyOf(written);
    unchanged = List.copyOf(unchanged);
    removed = List.copyOf(removed);
    editedByHand = List.copyOf(editedByHand);
    stale = List.copyOf(stale);
    leftovers = List.copyOf(leftovers);
  }

  public boolean isStale() {
    return !stale.isEmpty();
  }
}
