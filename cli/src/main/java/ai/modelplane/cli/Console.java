package ai.modelplane.cli;

import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.ShownDiagnostics;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;

/** How every command shows diagnostics and failures, so that they all read alike. */
final class Console {
  private final PrintWriter out;
  private final PrintWriter err;

  private Console(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  static Console of(CommandLine.Model.CommandSpec spec) {
    return new Console(spec.commandLine().getOut(), spec.commandLine().getErr());
  }

  PrintWriter out() {
    return out;
  }

  PrintWriter err() {
    return err;
  }

  /**
   * One {@code FILE:LINE:COLUMN: severity: FIELD: message} line per diagnostic, on stderr: at most
   * {@link ShownDiagnostics#MAX_SHOWN}, then a line counting the errors and warnings left out.
   */
  void diagnostics(List<Diagnostic> diagnostics) {
    for (String line : ShownDiagnostics.of(diagnostics).lines()) {
      err.println(line);
    }
  }

  /**
   * {@code modelplane: message} on stderr, control and bidi characters escaped (messages quote
   * paths and values the user gave); returns the error exit code.
   */
  int error(String message) {
    err.println("modelplane: " + Modelplane.escape(message));
    return ModelplaneCommand.ERROR;
  }

  /** An I/O failure as one line, never a stack trace; returns the error exit code. */
  int ioError(IOException e) {
    return error(Modelplane.describe(e));
  }

  void warning(String message) {
    err.println("modelplane: warning: " + Modelplane.escape(message));
  }

  /** One line on stderr, control and bidi characters escaped. */
  void note(String message) {
    err.println(Modelplane.escape(message));
  }
}
