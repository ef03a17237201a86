package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;

/**
 * Builds the diagnostics of finding and reading inputs, so that their shape (a position, an
 * optional field path and hint) is written once. A problem with a whole input is reported at its
 * first character, where an editor jumping to it lands.
 */
final class LoadDiagnostics {
  private static final SourcePosition FILE_START = new SourcePosition(1, 1);

  private LoadDiagnostics() {}

  static Diagnostic error(String file, SourcePosition at, DiagnosticCode code, String message) {
    return error(file, at, code, "", message, "");
  }

  static Diagnostic error(
      String file,
      SourcePosition at,
      DiagnosticCode code,
      String fieldPath,
      String message,
      String hint) {
    return new Diagnostic(
        code, Severity.ERROR, file, at.line(), at.column(), fieldPath, message, hint);
  }

  static Diagnostic fileError(String file, DiagnosticCode code, String message) {
    return fileError(file, code, message, "");
  }

  static Diagnostic fileError(String file, DiagnosticCode code, String message, String hint) {
    return error(file, FILE_START, code, "", message, hint);
  }

  static Diagnostic fileWarning(String file, DiagnosticCode code, String message, String hint) {
    return new Diagnostic(
        code, Severity.WARNING, file, FILE_START.line(), FILE_START.column(), "", message, hint);
  }
}
