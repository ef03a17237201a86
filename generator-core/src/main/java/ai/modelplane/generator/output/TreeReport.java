package ai.modelplane.generator.output;

import java.util.List;

/**
 * What {@link OutputTree} did, or under check mode would do. Paths are relative to the output
 * directory and sorted; the manifest itself is not counted in {@code written}, {@code unchanged} or
 * {@code removed}.
 *
 * @param written files created or replaced (check mode: that would be)
 * @param unchanged files whose bytes were already right; never rewritten, so their mtimes stay
 * @param removed files listed in the previous manifest that are no longer generated (check mode:
 *     that would be removed)
 * @param editedByHand generated files whose bytes differ from what the generator last wrote;
 *     overwritten or removed only when forced, reported either way
 * @param stale check mode only: every path whose bytes a write would change, with {@link
 *     Manifest#PATH} last when the manifest would change
 * @param diff check mode only: unified diff of {@code stale}, empty when up to date
 * @param leftovers check mode only: what an interrupted run left in {@code .modelplane/} (its
 *     journal, staged or temporary files), also listed in {@code stale}; a write cleans them up
 *     first
 * @param recovery write only: what the write did about an interrupted run before its own changes
 */
public record TreeReport(
    List<String> written,
    List<String> unchanged,
    List<String> removed,
    List<String> editedByHand,
    List<String> stale,
    String diff,
    List<String> leftovers,
    Recovery recovery) {
  /**
   * What a write found of an interrupted run (killed, or failed while undoing) and did about it.
   */
  public enum Recovery {
    /** There was none. */
    NONE,
    /** It had not committed: its changes were undone, the tree is as before it. */
    ROLLED_BACK,
    /** It had committed: its remaining bookkeeping was cleaned up, the tree is as it left it. */
    COMPLETED
  }

  public TreeReport {
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
