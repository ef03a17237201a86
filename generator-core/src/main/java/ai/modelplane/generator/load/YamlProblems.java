package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Turns what Jackson and SnakeYAML report (locations, syntax errors, exception messages) into
 * positions and one-line messages; their own wording spans lines and points at internals.
 */
final class YamlProblems {
  private YamlProblems() {}

  static SourcePosition position(JsonLocation location) {
    if (location == null || location.getLineNr() < 1) {
      return SourcePosition.UNKNOWN;
    }
    return new SourcePosition(location.getLineNr(), Math.max(location.getColumnNr(), 1));
  }

  static Diagnostic syntaxError(String file, JsonProcessingException e) {
    Throwable cause = e.getCause();
    if (cause instanceof MarkedYAMLException marked) {
      Mark mark =
          marked.getProblemMark() != null ? marked.getProblemMark() : marked.getContextMark();
      String problem = marked.getProblem() != null ? marked.getProblem() : marked.getContext();
      boolean tab = problem != null && problem.contains("\\t(TAB)");
      if (tab) {
        problem = "a tab character cannot start a token";
      }
      String hint = tab ? "indent with spaces; YAML does not allow tabs" : "";
      SourcePosition at =
          mark == null
              ? SourcePosition.UNKNOWN
              : new SourcePosition(mark.getLine() + 1, mark.getColumn() + 1);
      Mark contextMark = marked.getContextMark();
      if (marked.getContext() != null && contextMark != null && marked.getProblem() != null) {
        problem =
            problem
                + " ("
                + oneLine(marked.getContext())
                + " that starts at "
                + (contextMark.getLine() + 1)
                + ":"
                + (contextMark.getColumn() + 1)
                + ")";
      }
      return LoadDiagnostics.error(
          file, at, DiagnosticCode.MP004, "", "not valid YAML: " + oneLine(problem), hint);
    }
    return LoadDiagnostics.error(
        file,
        position(e.getLocation()),
        DiagnosticCode.MP004,
        "not valid YAML: " + oneLine(e.getOriginalMessage()));
  }

  /**
   * Why an input could not be read, in words: the JDK's own message for a file-system error is
   * often the path alone ({@code AccessDeniedException: a.yaml}), and some exceptions carry none.
   */
  static String readProblem(java.io.IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
      return oneLine(fs.getReason());
    }
    if (e.getMessage() == null || e.getMessage().isBlank()) {
      return "the operating system gave no reason";
    }
    return oneLine(e.getMessage());
  }

  static String describe(Exception e) {
    return oneLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
  }

  private static String oneLine(String text) {
    return text == null ? "syntax error" : text.replaceAll("\\s*\\R\\s*", " ").strip();
  }
}
