package ai.modelplane.generator.output;

import java.util.List;

/**
 * What {@link OutputTree} did ({@link WriteReport}) or under check mode would do ({@link
 * CheckReport}). Paths are relative to the output directory and sorted; the manifest itself is not
 * counted in {@code written}, {@code unchanged} or {@code removed}.
 */
public sealed interface TreeReport permits WriteReport, CheckReport {
  /** Files created or replaced (check mode: that would be). */
  List<String> written();

  /** Files whose bytes were already right; never rewritten, so their mtimes stay. */
  List<String> unchanged();

  /**
   * Files listed in the previous manifest that are no longer generated (check mode: that would be
   * removed).
   */
  List<String> removed();

  /**
   * Generated files whose bytes differ from what the generator last wrote; overwritten or removed
   * only when forced, reported either way.
   */
  List<String> editedByHand();

  /**
   * What a write found of an interrupted run (killed, or failed while undoing) and did about it.
   */
  enum Recovery {
    /** There was none. */
    NONE,
    /** It had not committed: its changes were undone, the tree is as before it. */
    ROLLED_BACK,
    /** It had committed: its remaining bookkeeping was cleaned up, the tree is as it left it. */
    COMPLETED
  }
}
