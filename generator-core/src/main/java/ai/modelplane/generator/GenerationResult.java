package ai.modelplane.generator;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.output.CheckReport;
import ai.modelplane.generator.output.TreeReport;
import ai.modelplane.generator.output.WriteReport;
import java.util.List;
import java.util.Optional;

/**
 * Outcome of a generation run. Paths are relative to the output directory, {@code /}-separated and
 * sorted; the manifest ({@code .modelplane/manifest}) is not counted in {@code written}, {@code
 * unchanged} or {@code removed}. The accessors below read the held report, so that adapters need
 * not tell a write from a check.
 *
 * @param diagnostics every validation finding (generation stops before rendering on errors)
 * @param clusterCount how many AKSCluster documents were rendered
 * @param report what the output tree did ({@link WriteReport}) or under check mode would do ({@link
 *     CheckReport}); empty when validation stopped the run before it
 */
public record GenerationResult(
    List<Diagnostic> diagnostics, int clusterCount, Optional<TreeReport> report) {
  public GenerationResult {
    diagnostics = List.copyOf(diagnostics);
  }

  /** A run that stopped at validation: nothing was rendered or written. */
  public static GenerationResult invalid(List<Diagnostic> diagnostics) {
    return new GenerationResult(diagnostics, 0, Optional.empty());
  }

  /** Files created or changed; under check mode, files a write would create or change. */
  public List<String> written() {
    return report.isPresent() ? report.get().written() : List.of();
  }

  /** Files whose bytes were already right (not rewritten). */
  public List<String> unchanged() {
    return report.isPresent() ? report.get().unchanged() : List.of();
  }

  /**
   * Files the generator wrote earlier and no longer produces; under check mode, files a write would
   * remove.
   */
  public List<String> removed() {
    return report.isPresent() ? report.get().removed() : List.of();
  }

  /**
   * Generated files whose bytes no longer match what the generator wrote; they were overwritten or
   * removed (only under {@code force}), or under check mode are stale.
   */
  public List<String> editedByHand() {
    return report.isPresent() ? report.get().editedByHand() : List.of();
  }

  /**
   * Under check mode: every path a write would change, the manifest last when it would change;
   * empty otherwise.
   */
  public List<String> stale() {
    return report.orElse(null) instanceof CheckReport check ? check.stale() : List.of();
  }

  /** Under check mode: a unified diff of the stale files, empty when up to date. */
  public String diff() {
    return report.orElse(null) instanceof CheckReport check ? check.diff() : "";
  }

  /**
   * Under check mode: what an interrupted run left in {@code .modelplane/} (also in {@code stale});
   * the next generate finishes or undoes that run first.
   */
  public List<String> leftovers() {
    return report.orElse(null) instanceof CheckReport check ? check.leftovers() : List.of();
  }

  /** What generate did about an interrupted run before its own changes. */
  public TreeReport.Recovery recovery() {
    return report.orElse(null) instanceof WriteReport write
        ? write.recovery()
        : TreeReport.Recovery.NONE;
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
    return !stale().isEmpty();
  }
}
