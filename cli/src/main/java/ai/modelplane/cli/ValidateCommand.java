package ai.modelplane.cli;

import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.ValidationReport;
import ai.modelplane.generator.ValidationRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
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

  private final CommandSpecs.Arg<Boolean> verbose = Verbosity.option();
  private final CommandSpecs.Arg<Boolean> strict = CommandSpecs.failOnWarning();
  private final CommandSpecs.Arg<LocalDate> asOf =
      CommandSpecs.option(LocalDate.class, "DATE", "--as-of")
          .description(
              "Judge Kubernetes versions against AKS's support calendar, and the output's pinned versions against dated upstream releases, on this day (YYYY-MM-DD) instead of today, for reproducible CI runs.")
          .build();
  private final CommandSpecs.Arg<OutputFormat> output =
      CommandSpecs.option(OutputFormat.class, "FORMAT", "-o", "--output")
          .defaultValue("text")
          .description(
              "text (FILE:LINE:COLUMN: severity: path: message, on standard error), json or sarif (SARIF 2.1.0), on standard output. Default: ${DEFAULT-VALUE}.")
          .build();
  private final CommandSpecs.Arg<List<String>> paths = CommandSpecs.paths();

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "validate",
          List.of("Check AKSCluster YAML against the CRD, its rules and Azure's rules."),
          verbose,
          strict,
          asOf,
          output,
          paths);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  private static String version() {
    try {
      return new ModelplaneCommand.Version().getVersion()[0].replace("modelplane ", "");
    } catch (IOException e) {
      return "unknown";
    }
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    boolean strict = this.strict.get();
    ValidationReport result;
    try {
      result =
          new Modelplane()
              .validate(
                  new ValidationRequest(paths.get(), Path.of(""), Optional.ofNullable(asOf.get())));
    } catch (IOException e) {
      return console.ioError(e);
    }
    boolean valid = result.isValid(strict);
    PrintWriter out = console.out();
    PrintWriter err = console.err();
    switch (output.get()) {
      case json -> out.print(result.json(strict));
      case sarif -> out.print(result.sarif(Path.of(""), version()));
      case text -> {
        console.diagnostics(result.all());
        long errors = result.errorCount();
        long warnings = result.warningCount();
        // Advice on the output's own pins: no YAML change fixes it, so --strict does not count it.
        int pins = result.outputWarnings().size();
        if (valid) {
          out.println(
              result.clusterCount()
                  + " AKSCluster(s) valid in "
                  + result.filesRead()
                  + " file(s)"
                  + (warnings > 0 ? ", " + warnings + " warning(s)" : "")
                  + (pins == 0
                      ? ""
                      : "; "
                          + pins
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
