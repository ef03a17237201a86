package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import java.util.ArrayList;
import java.util.List;

/** A {@link Findings} sink that keeps what a rule wrote, for tests of one rule class alone. */
final class RecordedFindings implements Findings {
  /** One finding as the rule wrote it, before a document's source map places it. */
  record Recorded(
      String pointer,
      DiagnosticCode code,
      Severity severity,
      String message,
      String hint,
      boolean atKey) {}

  private final List<Recorded> recorded = new ArrayList<>();

  @Override
  public void add(
      String pointer,
      DiagnosticCode code,
      Severity severity,
      String message,
      String hint,
      boolean atKey) {
    recorded.add(new Recorded(pointer, code, severity, message, hint, atKey));
  }

  List<Recorded> list() {
    return List.copyOf(recorded);
  }
}
