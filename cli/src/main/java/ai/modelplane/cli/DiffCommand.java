package ai.modelplane.cli;

import ai.modelplane.generator.DiffRequest;
import ai.modelplane.generator.DiffResult;
import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.render.TargetSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code modelplane diff OLD NEW} and {@code modelplane diff --base GIT_REF [PATH…]}. */
final class DiffCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  enum Format {
    text,
    markdown,
    json
  }

  private final CommandSpecs.Arg<Boolean> verbose = Verbosity.option();
  private final CommandSpecs.Arg<String> base =
      CommandSpecs.option(String.class, "GIT_REF", "--base")
          .description("Compare the working tree with this commit, e.g. origin/main.")
          .build();
  private final CommandSpecs.Arg<Format> output =
      CommandSpecs.option(Format.class, "FORMAT", "--output")
          .defaultValue("text")
          .description("text (default), markdown (a pull-request comment) or json.")
          .build();
  private final CommandSpecs.Arg<TargetSelection> target =
      CommandSpecs.option(TargetSelection.class, "terraform|bicep|all", "--targets", "--target")
          .converter(new GenerateCommand.TargetConverter())
          .description(
              "Judge the changes for this target only (default: those --generated holds, else all: the worst of both decides).")
          .build();
  private final CommandSpecs.Arg<Path> generated =
      CommandSpecs.option(Path.class, "DIR", "--generated")
          .description(
              "The folder of the generated code (generate's --out). Without --targets, judge only the targets recorded in its manifest.")
          .build();
  private final CommandSpecs.Arg<Path> directory =
      CommandSpecs.option(Path.class, "DIR", "-C")
          .description("Run as if started in DIR (paths and git resolve there).")
          .build();
  private final CommandSpecs.Arg<List<String>> paths =
      CommandSpecs.parameter(
          PositionalParamSpec.builder()
              .index("0..*")
              .arity("0..1")
              .type(List.class)
              .auxiliaryTypes(String.class)
              .initialValue(new ArrayList<String>())
              .paramLabel("PATH")
              .description(
                  "OLD and NEW; with --base, the files or folders to compare (default: .).")
              .build());

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "diff",
          List.of(
              "Say what a change to AKSCluster YAML does in Azure: in-place update, node pool or cluster recreated, or refused.",
              "Compares OLD with NEW (files or folders), or with --base the working tree with a git commit (git must be on PATH).",
              "Each change is judged for Terraform and for Bicep (or, with --target, for one of them).",
              "Exit 0: nothing destructive; 2: something is deleted or recreated; 3: Azure refuses a change (the apply would fail); 1: invalid YAML or other error."),
          verbose,
          base,
          output,
          target,
          generated,
          directory,
          paths);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    Path workingDirectory = directory.get() == null ? Path.of("") : directory.get();
    DiffResult result =
        new Modelplane()
            .diff(
                new DiffRequest(
                    Optional.ofNullable(base.get()),
                    paths.get(),
                    workingDirectory,
                    target.get() == null ? TargetSelection.NONE : target.get(),
                    Optional.ofNullable(generated.get())),
                new ProgressListener() {
                  @Override
                  public void info(String message) {}

                  @Override
                  public void notice(String message) {
                    console.note("modelplane: " + message);
                  }
                });
    console.diagnostics(result.diagnostics());
    if (result.failure().isPresent()) {
      return console.error(result.failure().get());
    }
    if (!result.compared()) {
      return ModelplaneCommand.ERROR;
    }
    console
        .out()
        .print(
            switch (output.get()) {
              case text -> result.text();
              case markdown -> result.markdown();
              case json -> result.json();
            });
    console.out().flush();
    if (result.refused()) {
      return ModelplaneCommand.REFUSED;
    }
    return result.destructive() ? ModelplaneCommand.DIFFERENCE : ModelplaneCommand.OK;
  }
}
