package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.load.ParsedDocument;
import ai.modelplane.generator.load.SourcePosition;
import java.util.ArrayList;
import java.util.List;

/**
 * What the validation stages found in one document. A stage names a JSON pointer, a code and a
 * message; the line, column and field path are worked out here, from the document's source map.
 */
final class Diagnostics implements Findings {
  private final String file;
  private final ParsedDocument document;
  private final List<Diagnostic> found = new ArrayList<>();

  Diagnostics(String file, ParsedDocument document) {
    this.file = file;
    this.document = document;
  }

  /** At the value {@code pointer} names; {@code atKey}: at its key (for a whole object or list). */
  @Override
  public void add(
      String pointer,
      DiagnosticCode code,
      Severity severity,
      String message,
      String hint,
      boolean atKey) {
    SourcePosition at =
        atKey
            ? document.sourceMap().keyPosition(pointer)
            : document.sourceMap().valuePosition(pointer);
    if (at.equals(SourcePosition.UNKNOWN)) {
      at = document.start();
    }
    found.add(
        new Diagnostic(
            code,
            severity,
            file,
            at.line(),
            at.column(),
            FieldPaths.toFieldPath(pointer, document.root()),
            message,
            hint));
  }

  /** About the document as a whole: at its first line, with no field path. */
  void atDocument(DiagnosticCode code, Severity severity, String message, String hint) {
    found.add(
        new Diagnostic(
            code,
            severity,
            file,
            document.start().line(),
            document.start().column(),
            "",
            message,
            hint));
  }

  boolean hasErrors() {
    return found.stream().anyMatch(Diagnostic::isError);
  }

  List<Diagnostic> list() {
    return found;
  }
}
