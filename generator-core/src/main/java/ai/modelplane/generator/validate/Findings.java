package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;

/**
 * Where every validation stage writes what it finds: a JSON pointer into the document, a code, a
 * message and a hint (empty for none). The line, column and field path are the sink's to work out
 * ({@link Diagnostics}, from the document's source map), so no stage formats them.
 */
interface Findings {
  /**
   * {@code atKey}: at the key naming {@code pointer} (a missing or unknown field, a whole object or
   * list) rather than at its value.
   */
  void add(
      String pointer,
      DiagnosticCode code,
      Severity severity,
      String message,
      String hint,
      boolean atKey);

  default void error(String pointer, DiagnosticCode code, String message, String hint) {
    add(pointer, code, Severity.ERROR, message, hint, false);
  }

  default void errorAtKey(String pointer, DiagnosticCode code, String message, String hint) {
    add(pointer, code, Severity.ERROR, message, hint, true);
  }

  default void warning(String pointer, DiagnosticCode code, String message, String hint) {
    add(pointer, code, Severity.WARNING, message, hint, false);
  }

  default void warningAtKey(String pointer, DiagnosticCode code, String message, String hint) {
    add(pointer, code, Severity.WARNING, message, hint, true);
  }
}
