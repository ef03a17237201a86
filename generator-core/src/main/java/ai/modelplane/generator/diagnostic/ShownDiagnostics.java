package ai.modelplane.generator.diagnostic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The diagnostics a run shows, at most {@link #MAX_SHOWN}, and how many errors and warnings were
 * left out. Every report (text, JSON, SARIF, the Maven log) shows the same ones: a file with
 * thousands of broken pools would otherwise print tens of thousands of lines and a SARIF log code
 * scanning refuses. A cut never hides that there were errors: the counts of what was left out say
 * how many were errors, and the exit code is decided on every diagnostic, not on the shown ones.
 *
 * <p>When the diagnostics are cut, the first {@code max} by file and position ({@link
 * Diagnostic#BY_POSITION}) are shown, findings about the generated output after every finding in an
 * input, so that the same input always shows the same ones. A list within the cap is shown as its
 * producer ordered it (validation already sorts it by position).
 *
 * @param shown the diagnostics to show, in order
 * @param omittedErrors errors left out
 * @param omittedWarnings warnings left out
 */
public record ShownDiagnostics(List<Diagnostic> shown, long omittedErrors, long omittedWarnings) {
  /**
   * Diagnostics shown per run. A thousand lines is more than anyone reads before fixing the first
   * ones (they usually share one cause), a fifth of the 5,000 results GitHub code scanning displays
   * per SARIF run and a twenty-fifth of the 25,000 it accepts (see {@code DiagnosticReports}).
   */
  public static final int MAX_SHOWN = 1_000;

  private static final Comparator<Diagnostic> INPUTS_BY_POSITION_THEN_OUTPUT =
      Comparator.comparing((Diagnostic d) -> d.output().isPresent())
          .thenComparing(
              (a, b) -> a.output().isPresent() ? 0 : Diagnostic.BY_POSITION.compare(a, b));

  public ShownDiagnostics {
    shown = List.copyOf(shown);
  }

  /** At most {@link #MAX_SHOWN} of {@code diagnostics}. */
  public static ShownDiagnostics of(List<Diagnostic> diagnostics) {
    return of(diagnostics, MAX_SHOWN);
  }

  /** At most {@code max} of {@code diagnostics}: the first by position when there are more. */
  public static ShownDiagnostics of(List<Diagnostic> diagnostics, int max) {
    if (max < 0) {
      throw new IllegalArgumentException("max " + max);
    }
    if (diagnostics.size() <= max) {
      return new ShownDiagnostics(diagnostics, 0, 0);
    }
    List<Diagnostic> sorted = new ArrayList<>(diagnostics);
    sorted.sort(INPUTS_BY_POSITION_THEN_OUTPUT);
    List<Diagnostic> left = sorted.subList(max, sorted.size());
    long errors = left.stream().filter(Diagnostic::isError).count();
    return new ShownDiagnostics(sorted.subList(0, max), errors, left.size() - errors);
  }

  public long omitted() {
    return omittedErrors + omittedWarnings;
  }

  public boolean isCut() {
    return omitted() > 0;
  }

  /**
   * {@code ... and N more diagnostics not shown: X errors, Y warnings (...)}, the line after the
   * shown ones, when some were left out.
   */
  public Optional<String> summary() {
    if (!isCut()) {
      return Optional.empty();
    }
    return Optional.of(
        "... and "
            + omitted()
            + " more "
            + plural(omitted(), "diagnostic")
            + " not shown: "
            + omittedErrors
            + " "
            + plural(omittedErrors, "error")
            + ", "
            + omittedWarnings
            + " "
            + plural(omittedWarnings, "warning")
            + " (only the first "
            + shown.size()
            + " by file and position are shown; fix those and run again)");
  }

  /** The text format: one line per shown diagnostic ({@link Diagnostic#format()}), the summary. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>(shown.size() + 1);
    for (Diagnostic diagnostic : shown) {
      lines.add(diagnostic.format());
    }
    summary().ifPresent(lines::add);
    return lines;
  }

  private static String plural(long n, String noun) {
    return n == 1 ? noun : noun + "s";
  }
}
