package ai.modelplane.generator.diagnostic;

import ai.modelplane.generator.text.UnsafeText;
import java.util.Comparator;
import java.util.Objects;

/**
 * One finding about the input, a value until an adapter decides how to show it.
 *
 * @param code stable identifier such as {@link DiagnosticCode#MP104}; documented in
 *     docs/validation.md
 * @param severity error or warning
 * @param file the input path as the user gave it, or {@code <stdin>}
 * @param line one-based line, 0 when unknown
 * @param column one-based column, 0 when unknown
 * @param fieldPath Kubernetes-style path such as {@code spec.nodePools[1].minNodeCount}; empty for
 *     file-level problems
 * @param message what is wrong, naming the constraint and the value
 * @param hint how to fix it, or empty
 */
public record Diagnostic(
    DiagnosticCode code,
    Severity severity,
    String file,
    int line,
    int column,
    String fieldPath,
    String message,
    String hint) {

  /** Sorts by file, then position, then field path: the order users read them in. */
  public static final Comparator<Diagnostic> BY_POSITION =
      Comparator.comparing(Diagnostic::file)
          .thenComparingInt(Diagnostic::line)
          .thenComparingInt(Diagnostic::column)
          .thenComparing(Diagnostic::fieldPath)
          .thenComparing(Diagnostic::message);

  public Diagnostic {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(file, "file");
    fieldPath = fieldPath == null ? "" : fieldPath;
    Objects.requireNonNull(message, "message");
    hint = hint == null ? "" : hint;
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /**
   * {@code FILE:LINE:COLUMN: error|warning: FIELD.PATH: message (hint)}, the text format of the
   * design: always one line, with every control and bidi character of user data escaped (a value
   * must not be able to forge a second line, an ANSI colour or a CI annotation).
   */
  public String format() {
    StringBuilder text = new StringBuilder();
    text.append(file).append(':').append(line).append(':').append(column).append(": ");
    text.append(severity.label()).append(": ");
    if (!fieldPath.isEmpty()) {
      text.append(fieldPath).append(": ");
    }
    text.append(message);
    if (!hint.isEmpty()) {
      text.append(" (").append(hint).append(')');
    }
    return UnsafeText.escape(text.toString());
  }
}
