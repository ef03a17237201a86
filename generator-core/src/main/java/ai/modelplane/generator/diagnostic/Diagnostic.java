package ai.modelplane.generator.diagnostic;

import ai.modelplane.generator.text.UnsafeText;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * One finding, a value until an adapter decides how to show it: about a place in the input (almost
 * all of them), or about the generated output itself ({@link Subject.GeneratedOutput}, such as a
 * provider pin every generated root carries), which has no input file, line or column.
 *
 * @param code stable identifier such as {@link DiagnosticCode#MP104}; documented in
 *     docs/validation.md
 * @param severity error or warning
 * @param file the input path as the user gave it, or {@code <stdin>}; empty when the subject is the
 *     generated output
 * @param line one-based line, 0 when unknown
 * @param column one-based column, 0 when unknown
 * @param fieldPath Kubernetes-style path such as {@code spec.nodePools[1].minNodeCount}; empty for
 *     file-level problems
 * @param message what is wrong, naming the constraint and the value
 * @param hint how to fix it, or empty
 * @param subject what the finding is about: {@link Subject#INPUT} (at {@code file}, {@code line},
 *     {@code column}) or a file of the generated output
 */
public record Diagnostic(
    DiagnosticCode code,
    Severity severity,
    String file,
    int line,
    int column,
    String fieldPath,
    String message,
    String hint,
    Subject subject) {

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
    subject = subject == null ? Subject.INPUT : subject;
    if (subject instanceof Subject.GeneratedOutput
        && (!file.isEmpty() || line != 0 || column != 0)) {
      throw new IllegalArgumentException(
          "a diagnostic about the generated output has no input file, line or column: " + file);
    }
  }

  /** About a place in the input. */
  public Diagnostic(
      DiagnosticCode code,
      Severity severity,
      String file,
      int line,
      int column,
      String fieldPath,
      String message,
      String hint) {
    this(code, severity, file, line, column, fieldPath, message, hint, Subject.INPUT);
  }

  /**
   * About a file of the generated output: no input file, line or column.
   *
   * @param fieldPath where in the generated file, such as {@code
   *     terraform.required_providers.azurerm.version}
   */
  public static Diagnostic aboutOutput(
      DiagnosticCode code,
      Severity severity,
      Subject.GeneratedOutput output,
      String fieldPath,
      String message,
      String hint) {
    return new Diagnostic(code, severity, "", 0, 0, fieldPath, message, hint, output);
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /** The generated file this finding is about, if it is about the output rather than an input. */
  public Optional<Subject.GeneratedOutput> output() {
    return subject instanceof Subject.GeneratedOutput output
        ? Optional.of(output)
        : Optional.empty();
  }

  /**
   * {@code FILE:LINE:COLUMN: error|warning: FIELD.PATH: message (hint)}, the text format of the
   * design: always one line, with every control and bidi character of user data escaped (a value
   * must not be able to forge a second line, an ANSI colour or a CI annotation). A finding about
   * the generated output names it in words instead of a position ({@code generated Terraform, every
   * cluster's terraform/terraform.tf: warning: …}), so that no editor or CI problem matcher takes
   * it for a file of the repository.
   */
  public String format() {
    StringBuilder text = new StringBuilder();
    if (subject instanceof Subject.GeneratedOutput output) {
      text.append(output.describe()).append(": ");
    } else {
      text.append(file).append(':').append(line).append(':').append(column).append(": ");
    }
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
