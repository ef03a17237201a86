package ai.modelplane.cli;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.GenerationResult;
import ai.modelplane.generator.Generator;
import ai.modelplane.generator.NoClustersFoundException;
import ai.modelplane.generator.ProgressListener;
import ai.modelplane.generator.TargetUnavailableException;
import ai.modelplane.generator.output.Manifest;
import ai.modelplane.generator.output.OutputConflict;
import ai.modelplane.generator.output.OutputConflictException;
import ai.modelplane.generator.output.TreeReport;
import ai.modelplane.generator.plan.Planner;
import ai.modelplane.generator.plan.Renderers;
import ai.modelplane.generator.plan.TargetRenderer;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.text.UnsafeText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** {@code modelplane generate --target terraform|bicep|all --out DIR [--check] PATH…}. */
final class GenerateCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "generate",
          List.of(
              "Render AKSCluster YAML as Terraform and/or Bicep into DIR.",
              "Only files listed in DIR/"
                  + Manifest.PATH
                  + " are ever changed or removed; unchanged files are not rewritten.",
              "Exit codes: 0 done (or up to date with --check), 1 error, 2 stale files found by --check."),
          Verbosity.option(),
          CommandSpecs.option(TargetSelection.class, "terraform|bicep|all", "--target")
              .required(true)
              .converters(new TargetSelection.Converter())
              .description("What to generate: terraform, bicep, or all (both).")
              .build(),
          CommandSpecs.option(Path.class, "DIR", "--out")
              .required(true)
              .description("Output folder; created when missing.")
              .build(),
          CommandSpecs.flag(
              "--check",
              "Write nothing; print a unified diff of what would change and exit 2 when anything would."),
          CommandSpecs.strict(),
          CommandSpecs.flag(
              "--force",
              "Overwrite (or remove) generated files that were edited by hand. Never touches files modelplane did not write."),
          CommandSpecs.flag(
              "--allow-empty",
              "Accept inputs without any AKSCluster, removing every generated file; without it such a run fails and changes nothing."),
          CommandSpecs.flag(
              "--adopt",
              "Add Terraform import blocks for every resource of each root, so the first plan takes existing clusters over (see modelplane import)."),
          CommandSpecs.paths());

  private final Function<Target, Optional<TargetRenderer>> renderers;
  private final Planner planner;

  GenerateCommand() {
    this(Renderers::forTarget, Planner.STANDARD);
  }

  /** With another plan and other renderers than this build's; tests use it. */
  GenerateCommand(Function<Target, Optional<TargetRenderer>> renderers, Planner planner) {
    this.renderers = renderers;
    this.planner = planner;
  }

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    boolean verbose = Verbosity.requested(spec);
    TargetSelection target = CommandSpecs.value(spec, "--target");
    Path out = CommandSpecs.value(spec, "--out");
    boolean check = CommandSpecs.value(spec, "--check");
    boolean strict = CommandSpecs.value(spec, "--strict");
    boolean force = CommandSpecs.value(spec, "--force");
    boolean allowEmpty = CommandSpecs.value(spec, "--allow-empty");
    boolean adopt = CommandSpecs.value(spec, "--adopt");
    List<String> paths = CommandSpecs.parameters(spec);
    ProgressListener progress =
        verbose ? message -> console.note("modelplane: " + message) : ProgressListener.SILENT;
    GenerationRequest request =
        new GenerationRequest(
            paths, Path.of(""), out, target.targets(), check, strict, force, allowEmpty, adopt);
    GenerationResult result;
    try {
      result = new Generator(renderers, planner).run(request, progress);
    } catch (TargetUnavailableException e) {
      return console.error(e.getMessage());
    } catch (NoClustersFoundException e) {
      return console.error(
          e.getMessage()
              + "; to remove every generated file from "
              + out
              + " on purpose, run again with --allow-empty");
    } catch (OutputConflictException e) {
      for (OutputConflict conflict : e.conflicts()) {
        console.note(
            "modelplane: "
                + conflict.describe(out.toString())
                + (conflict.kind().isHandEdit() ? " (--force)" : ""));
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
    if (result.recovery() == TreeReport.Recovery.ROLLED_BACK) {
      console.note(
          "modelplane: " + out + ": rolled back the changes of an interrupted run before this one");
    } else if (result.recovery() == TreeReport.Recovery.COMPLETED) {
      console.note(
          "modelplane: " + out + ": completed the changes of an interrupted run before this one");
    }
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
            UnsafeText.escape(
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
            ? (result.stale().contains(Manifest.PATH) ? Manifest.PATH + " differs" : "")
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

  /** The value of {@code --target}: one target, or {@code all} of them. */
  record TargetSelection(Set<Target> targets) {
    /**
     * Spelt out: picocli renders every option value as text while parsing, and a record's generated
     * toString bootstraps through ObjectMethods, spinning method-handle classes that no class-data
     * archive holds (about 20 ms of a cold run's main thread).
     */
    @Override
    public String toString() {
      return targets.toString();
    }

    static final class Converter implements CommandLine.ITypeConverter<TargetSelection> {
      @Override
      public TargetSelection convert(String value) {
        if (value.trim().equalsIgnoreCase("all")) {
          return new TargetSelection(EnumSet.allOf(Target.class));
        }
        try {
          return new TargetSelection(EnumSet.of(Target.fromId(value)));
        } catch (IllegalArgumentException e) {
          throw new CommandLine.TypeConversionException(
              "expected terraform, bicep or all, not '" + value + "'");
        }
      }
    }
  }
}
