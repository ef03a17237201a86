package ai.modelplane.generator;

import ai.modelplane.generator.validate.Diagnostic;
import java.util.List;

/**
 * Outcome of a generation run.
 *
 * @param diagnostics every validation finding (generation stops before rendering on errors)
 * @param written files created or changed, relative to the output directory
 * @param unchanged files whose bytes were already right (not rewritten)
 * @param removed files the generator wrote earlier and no longer produces
 * @param stale under check mode: the files that differ (missing, changed or to be removed)
 * @param diff under check mode: a unified diff of the stale files, empty when up to date
 */
public record GenerationResult(
    List<Diagnostic> diagnostics,
    List<String> written,
    List<String> unchanged,
    List<String> removed,
    List<String> stale,
    String diff) {
  public GenerationResult {
    diagnostics = List.copyOf(diagnostics);
    written = List.copyOf(written);
    unchanged = List.copyOf(unchanged);
    removed = List.copyOf(removed);
    stale = List.copyOf(stale);
  }

  public boolean hasErrors() {
    return diagnostics.stream().anyMatch(Diagnostic::isError);
  }

  /** Under check mode: true when the files on disk differ from what would be generated. */
  public boolean isStale() {
    return !stale.isEmpty();
  }
}
