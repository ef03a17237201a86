package ai.modelplane.cli;

import ai.modelplane.generator.advice.LifecycleAdvisor;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.load.SupportCalendarClock;
import ai.modelplane.generator.validate.DiagnosticReports;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code modelplane validate PATH…}. */
final class ValidateCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  /** How findings are shown. */
  enum OutputFormat {
    text,
    json,
    sarif
  }

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "validate",
          List.of("Check AKSCluster YAML against the CRD, its rules and Azure's rules."),
          Verbosity.option(),
          CommandSpecs.strict(),
          CommandSpecs.option(LocalDate.class, "DATE", "--as-of")
              .description(
                  "Judge Kubernetes versions against AKS's support calendar, and the output's pinned versions against dated upstream releases, on this day (YYYY-MM-DD) instead of today, for reproducible CI runs.")
              .build(),
          CommandSpecs.option(OutputFormat.class, "FORMAT", "-o", "--output")
              .defaultValue("text")
              .description(
                  "text (FILE:LINE:COLUMN: severity: path: message, on standard error), json or sarif (SARIF 2.1.0), on standard output. Default: ${DEFAULT-VALUE}.")
              .build(),
          CommandSpecs.paths());

  @Override
  public CommandSpec spec() {
    return spec;
  }

  private static String version() {
    try {
      return new ModelplaneCommand.Version().getVersion()[0].replace("modelplane ", "");
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    List<String> paths = CommandSpecs.parameters(spec);
    boolean strict = CommandSpecs.value(spec, "--strict");
    LocalDate asOf = CommandSpecs.value(spec, "--as-of");
    OutputFormat output = CommandSpecs.value(spec, "--output");
    List<InputSource> sources;
    try {
      sources = Inputs.expand(paths, Path.of(""));
    } catch (IOException e) {
      return console.ioError(e);
    }
    // --as-of wins; otherwise MODELPLANE_AS_OF or today, as for every other command.
    Clock clock =
        asOf == null ? SupportCalendarClock.fromEnvironment() : SupportCalendarClock.on(asOf);
    ValidationResult result = new Validator(CrdSchema.bundled(), clock).validate(sources);
    // Advice on the output's own pins: no YAML change fixes it, so --strict does not count it.
    List<Diagnostic> pins = LifecycleAdvisor.bundled(clock).outputWarnings(result.clusters());
    boolean valid = result.isValid(strict);
    List<Diagnostic> all = new ArrayList<>(result.diagnostics());
    all.addAll(pins);
    PrintWriter out = console.out();
    PrintWriter err = console.err();
    switch (output) {
      case json -> out.print(DiagnosticReports.json(all, valid));
      case sarif -> out.print(DiagnosticReports.sarif(all, Path.of(""), version()));
      case text -> {
        console.diagnostics(all);
        long errors = result.diagnostics().stream().filter(Diagnostic::isError).count();
        long warnings = result.diagnostics().size() - errors;
        if (valid) {
          // Paths reported instead of read (a link not followed, say) are no files read.
          long read = sources.stream().filter(source -> source.problem().isEmpty()).count();
          out.println(
              result.clusters().size()
                  + " AKSCluster(s) valid in "
                  + read
                  + " file(s)"
                  + (warnings > 0 ? ", " + warnings + " warning(s)" : "")
                  + (pins.isEmpty()
                      ? ""
                      : "; "
                          + pins.size()
                          + " warning(s) about the versions the output pins (not counted by --strict)"));
        } else {
          err.println(
              errors
                  + " error(s), "
                  + warnings
                  + " warning(s)"
                  + (strict && errors == 0 ? " (--strict treats warnings as errors)" : ""));
        }
      }
    }
    out.flush();
    err.flush();
    return valid ? ModelplaneCommand.OK : ModelplaneCommand.ERROR;
  }
}
