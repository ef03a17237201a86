package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.model.AksCluster;
import java.util.List;

/**
 * What loading and validating a set of inputs produced.
 *
 * @param clusters every document that passed validation without errors, in input order
 * @param diagnostics every finding, sorted by position
 */
public record ValidationResult(List<AksCluster> clusters, List<Diagnostic> diagnostics) {
  public ValidationResult {
    clusters = List.copyOf(clusters);
    diagnostics = diagnostics.stream().sorted(Diagnostic.BY_POSITION).toList();
  }

  public boolean hasErrors() {
    return diagnostics.stream().anyMatch(Diagnostic::isError);
  }

  public boolean hasWarnings() {
    return diagnostics.stream().anyMatch(d -> !d.isError());
  }

  /** Valid for generation: no errors, and no warnings when {@code strict}. */
  public boolean isValid(boolean strict) {
    return !hasErrors() && !(strict && hasWarnings());
  }
}
