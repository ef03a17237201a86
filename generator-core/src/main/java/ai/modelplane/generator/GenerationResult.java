package ai.modelplane.generator;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.output.TreeReport;
import java.util.List;

/**
 * Outcome of a generation run. Paths are relative to the output directory, {@code /}-separated and
 * sorted; the manifest ({@code .modelplane/manifest}) is not counted in {@code written}, {@code
 * unchanged} or {@code removed}.
 *
 * @param diagnostics every validation finding (generation stops before rendering on errors)
 * @param written files created or changed; under check mode, files a write would create or change
 * @param unchanged files whose bytes were already right (not rewritten)
 * @param removed files the generator wrote earlier and no longer produces; under check mode, files
 *     a write would remove
 * @param stale under check mode: every path a write would change, the manifest last when it would
 *     change; empty otherwise
 * @param diff under check mode: a unified diff of the stale files, empty when up to date
 * @param editedByHand generated files whose bytes no longer match what the generator wrote; they
 *     were overwritten or removed (only under {@code force}), or under check mode are stale
 * @param clusterCount how many AKSCluster documents were rendered
 * @param leftovers under check mode: what an interrupted run left in {@code .modelplane/} (also in
 *     {@code stale}); the next generate finishes or undoes that run first
 * @param recovery what generate did about an interrupted run before its own changes
 */
public record GenerationResult(
    List<Diagnostic> diagnostics,
    List<String> written,
    List<String> unchanged,
    List<String> removed,
    List<String> stale,
    String diff,
    List<String> editedByHand,
    int clusterCount,
    List<String> leftovers,
    TreeReport.Recovery recovery) {
  public GenerationResult {
    diagnostics = List.copyOf(diagnostics);
    written = List.copyOf(written);
    unchanged = List.copyOf(unchanged);
    removed = List.copyOf(removed);
    stale = List.copyOf(stale);
    editedByHand = List.copyOf(editedByHand);
    leftovers = List.copyOf(leftovers);
  }

  public GenerationResult(
      List<Diagnostic> diagnostics,
      List<String> written,
      List<String> unchanged,
      List<String> removed,
      List<String> stale,
      String diff) {
    this(
        diagnostics,
        written,
        unchanged,
        removed,
        stale,
        diff,
        List.of(),
        0,
        List.of(),
        TreeReport.Recovery.NONE);
  }

  /** A run that stopped at validation: nothing was rendered or written. */
  public static GenerationResult invalid(List<Diagnostic> diagnostics) {
    return new GenerationResult(
        diagnostics,
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        "",
        List.of(),
        0,
        List.of(),
        TreeReport.Recovery.NONE);
  }

  public boolean hasErrors() {
    return diagnostics.stream().anyMatch(Diagnostic::isError);
  }

  /** False when validation stopped the run: errors, or warnings under {@code strict}. */
  public boolean isValid(boolean strict) {
    return !hasErrors() && !(strict && !diagnostics.isEmpty());
  }

  /** Under check mode: true when the files on disk differ from what would be generated. */
  public boolean isStale() {
    return !stale.isEmpty();
  }
}
