package ai.modelplane.cli;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.GenerationResult;
import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.NoClustersFoundException;
import ai.modelplane.generator.NoRecordedTargetsException;
import ai.modelplane.generator.OutputRefusedException;
import ai.modelplane.generator.TargetUnavailableException;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.render.TargetSelection;
import ai.modelplane.generator.startup.Warmup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code modelplane generate --targets terraform|bicep|all --out DIR PATH…}, and {@code modelplane
 * generate --check [--targets …] --out DIR PATH…}.
 */
final class GenerateCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpecs.Arg<Boolean> verbose = Verbosity.option();
  private final CommandSpecs.Arg<TargetSelection> target =
      CommandSpecs.option(TargetSelection.class, "terraform|bicep|all", "--targets", "--target")
          .converter(new TargetConverter())
          .description(
              "What to generate: terraform, bicep, or all (both). Required, except with --check: there it defaults to the targets DIR/"
                  + Modelplane.MANIFEST_PATH
                  + " records.")
          .build();
  private final CommandSpecs.Arg<Path> out =
      CommandSpecs.option(Path.class, "DIR", "--output-directory", "--out")
          .required(true)
          .description("Output folder; created when missing.")
          .build();
  private final CommandSpecs.Arg<Boolean> check =
      CommandSpecs.flag(
          "Write nothing; print a unified diff of what would change and exit 2 when anything would.",
          "--check");
  private final CommandSpecs.Arg<Boolean> strict = CommandSpecs.failOnWarning();
  private final CommandSpecs.Arg<Boolean> force =
      CommandSpecs.flag(
          "Overwrite (or remove) generated files that were edited by hand. Never touches files modelplane did not write.",
          "--force");
  private final CommandSpecs.Arg<Boolean> allowEmpty =
      CommandSpecs.flag(
          "Accept inputs without any AKSCluster, removing every generated file; without it such a run fails and changes nothing.",
          "--allow-empty");
  private final CommandSpecs.Arg<Boolean> adopt =
      CommandSpecs.flag(
          "Add Terraform import blocks for every Azure resource of each cluster, so the first plan takes existing clusters over (see modelplane import).",
          "--adopt");
  private final CommandSpecs.Arg<Boolean> adoptInCluster =
      CommandSpecs.flag(
          "As --adopt, and also import the StorageClass and network operator namespace a cluster Modelplane built holds (the plan fails where they do not exist).",
          "--adopt-in-cluster");
  private final CommandSpecs.Arg<List<String>> paths = CommandSpecs.paths();

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "generate",
          List.of(
              "Render AKSCluster YAML as Terraform and/or Bicep into DIR.",
              "Only files listed in DIR/"
                  + Modelplane.MANIFEST_PATH
                  + " are ever changed or removed; unchanged files are not rewritten.",
              "Exit codes: 0 done (or up to date with --check), 1 error, 2 stale files found by --check."),
          verbose,
          target,
          out,
          check,
          strict,
          force,
          allowEmpty,
          adopt,
          adoptInCluster,
          paths);

  private final Modelplane modelplane;

  GenerateCommand() {
    this(new Modelplane());
  }

  /** With another generator (other plan, other renderers) than this build's; tests use it. */
  GenerateCommand(Modelplane modelplane) {
    this.modelplane = modelplane;
  }

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    Path out = this.out.get();
    boolean check = this.check.get();
    boolean strict = this.strict.get();
    boolean showProgress = verbose.get();
    ProgressListener progress =
        new ProgressListener() {
          @Override
          public void info(String message) {
            if (showProgress) {
              console.note("modelplane: " + message);
            }
          }

          @Override
          public void notice(String message) {
            console.note("modelplane: " + message);
          }
        };
    TargetSelection targets = target.get();
    if (targets == null && !check) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "Missing required option: '--targets=terraform|bicep|all' (only --check can take the targets from "
              + Modelplane.MANIFEST_PATH
              + ")");
    }
    GenerationRequest request =
        (targets == null
                ? GenerationRequest.checkRecordedTargets(paths.get(), Path.of(""), out)
                : GenerationRequest.of(paths.get(), Path.of(""), out, targets.targets())
                    .withCheck(check))
            .withStrict(strict)
            .withForce(force.get())
            .withAllowEmpty(allowEmpty.get())
            .withAdopt(adopt.get())
            .withAdoptInCluster(adoptInCluster.get());
    GenerationResult result;
    try {
      // The templates load on other threads while this one reads and validates the YAML.
      Warmup.generation(targets == null ? TargetSelection.NONE : targets);
      result = modelplane.generate(request, progress);
    } catch (TargetUnavailableException e) {
      return console.error(e.getMessage());
    } catch (NoRecordedTargetsException e) {
      return console.error(e.getMessage() + "; name them with --targets terraform|bicep|all");
    } catch (NoClustersFoundException e) {
      return console.error(
          e.getMessage()
              + "; to remove every generated file from "
              + out
              + " on purpose, run again with --allow-empty");
    } catch (OutputRefusedException e) {
      if (e.conflicts().isEmpty()) {
        return console.ioError(e);
      }
      for (OutputRefusedException.Conflict conflict : e.conflicts()) {
        console.note(
            "modelplane: " + conflict.description() + (conflict.handEdit() ? " (--force)" : ""));
      }
      return console.error("nothing was written");
    } catch (IOException e) {
      return console.ioError(e);
    }
    console.diagnostics(result.diagnostics());
    if (!result.isValid(strict)) {
      return ModelplaneCommand.ERROR;
    }
    return check ? reportCheck(console, result, out) : reportWrite(console, result, out);
  }

  private static int reportWrite(Console console, GenerationResult result, Path out) {
    Modelplane.recovery(result).ifPresent(done -> console.note("modelplane: " + out + ": " + done));
    for (String edited : result.editedByHand()) {
      boolean removed = result.removed().contains(edited);
      console.warning(
          out.resolve(edited)
              + ": "
              + (removed ? "removed" : "overwrote")
              + " hand edits (--force)");
    }
    console
        .out()
        .println(
            Modelplane.escape(
                result.clusterCount()
                    + " AKSCluster(s) generated into "
                    + out
                    + ": "
                    + result.written().size()
                    + " file(s) written, "
                    + result.unchanged().size()
                    + " unchanged, "
                    + result.removed().size()
                    + " removed"));
    return ModelplaneCommand.OK;
  }

  /**
   * The diff alone goes to stdout, so that it can be saved and applied as a patch; the rest to
   * stderr.
   */
  private static int reportCheck(Console console, GenerationResult result, Path out) {
    console.out().print(result.diff());
    console.out().flush();
    for (String edited : result.editedByHand()) {
      console.warning(
          out.resolve(edited)
              + ": edited by hand since modelplane generated it; generate refuses to overwrite it without --force");
    }
    if (!result.isStale()) {
      console.note(
          out
              + " is up to date: "
              + result.unchanged().size()
              + " file(s) for "
              + result.clusterCount()
              + " AKSCluster(s)");
      return ModelplaneCommand.OK;
    }
    String what =
        result.written().isEmpty() && result.removed().isEmpty()
            ? (result.stale().contains(Modelplane.MANIFEST_PATH)
                ? Modelplane.MANIFEST_PATH + " differs"
                : "")
            : result.written().size()
                + " file(s) to write, "
                + result.removed().size()
                + " to remove";
    if (!result.leftovers().isEmpty()) {
      what +=
          (what.isEmpty() ? "" : "; ")
              + "an interrupted run left "
              + String.join(", ", result.leftovers())
              + " (generate finishes or undoes it first)";
    }
    console.note(
        out + " is stale: " + what + "; run 'modelplane generate' without --check to update it");
    return ModelplaneCommand.DIFFERENCE;
  }

  /** Reads {@code --target}: one target, or {@code all} of them. */
  static final class TargetConverter implements CommandLine.ITypeConverter<TargetSelection> {
    @Override
    public TargetSelection convert(String value) {
      try {
        return TargetSelection.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "expected terraform, bicep or all, not '" + value + "'");
      }
    }
  }
}
