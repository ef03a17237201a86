package ai.modelplane.generator;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diff.DiffJson;
import ai.modelplane.generator.diff.DiffMarkdown;
import ai.modelplane.generator.diff.DiffReport;
import ai.modelplane.generator.diff.DiffText;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code diff} found.
 *
 * @param diagnostics the findings of both revisions, then the CRD's transition rules
 * @param failure why nothing was compared (a usage mistake, a missing file, git), for users; empty
 *     when compared, or when {@code diagnostics} hold the errors that stopped it
 * @param report the comparison; empty when it did not happen
 */
public record DiffResult(
    List<Diagnostic> diagnostics, Optional<String> failure, Optional<DiffReport> report) {
  public DiffResult {
    diagnostics = List.copyOf(diagnostics);
  }

  /** True when both revisions were read and compared. */
  public boolean compared() {
    return report.isPresent();
  }

  /** Azure refuses a change, so the apply would fail. */
  public boolean refused() {
    return report.map(DiffReport::refused).orElse(false);
  }

  /** Something is deleted or recreated. */
  public boolean destructive() {
    return report.map(DiffReport::destructive).orElse(false);
  }

  /** The report as plain text; empty when nothing was compared. */
  public String text() {
    return report.map(DiffText::render).orElse("");
  }

  /** The report as a pull-request comment. */
  public String markdown() {
    return report.map(DiffMarkdown::render).orElse("");
  }

  /** The report as JSON. */
  public String json() {
    return report.map(DiffJson::render).orElse("");
  }
}
