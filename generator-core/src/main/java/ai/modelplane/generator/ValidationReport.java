package ai.modelplane.generator;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.validate.DiagnosticReports;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a validation found.
 *
 * @param diagnostics every finding in the YAML, in source order
 * @param outputWarnings advice on the versions the generated code pins, judged on the same day; no
 *     YAML change fixes them, so {@code strict} does not count them
 * @param clusterCount how many AKSCluster documents were read
 * @param filesRead how many files were read (paths reported instead of read, a link not followed
 *     say, do not count)
 */
public record ValidationReport(
    List<Diagnostic> diagnostics,
    List<Diagnostic> outputWarnings,
    int clusterCount,
    int filesRead) {
  public ValidationReport {
    diagnostics = List.copyOf(diagnostics);
    outputWarnings = List.copyOf(outputWarnings);
  }

  public long errorCount() {
    return diagnostics.stream().filter(Diagnostic::isError).count();
  }

  public long warningCount() {
    return diagnostics.size() - errorCount();
  }

  /** False on errors, or on warnings under {@code strict}. */
  public boolean isValid(boolean strict) {
    return errorCount() == 0 && !(strict && !diagnostics.isEmpty());
  }

  /** The findings, then the output warnings: everything a report shows. */
  public List<Diagnostic> all() {
    List<Diagnostic> all = new ArrayList<>(diagnostics);
    all.addAll(outputWarnings);
    return all;
  }

  /** The JSON report of {@code modelplane validate -o json}. */
  public String json(boolean strict) {
    return DiagnosticReports.json(all(), isValid(strict));
  }

  /** SARIF 2.1.0, file locations relative to {@code base}, naming {@code toolVersion}. */
  public String sarif(Path base, String toolVersion) {
    return DiagnosticReports.sarif(all(), base, toolVersion);
  }
}
