package ai.modelplane.generator;

import ai.modelplane.generator.diagnostic.Diagnostic;
import java.util.List;

/**
 * A starter AKSCluster and what validation says of it, before anything is written.
 *
 * @param yaml the document, each field explained
 * @param diagnostics validation's findings on it (the options become names and regions)
 */
public record Starter(String yaml, List<Diagnostic> diagnostics) {
  public Starter {
    diagnostics = List.copyOf(diagnostics);
  }

  /** True when {@code validate} would accept it (warnings allowed). */
  public boolean isValid() {
    return diagnostics.stream().noneMatch(Diagnostic::isError);
  }
}
