package ai.modelplane.cli;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftRequest;
import ai.modelplane.generator.drift.DriftService;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code modelplane drift PATH…}: compares live Azure with the YAML. Exit 0 in sync, 2 drift, 1
 * could not check.
 */
final class DriftCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpecs.Arg<Boolean> verbose = Verbosity.option();
  private final CommandSpecs.Arg<List<String>> paths = CommandSpecs.paths();
  private final CommandSpecs.Arg<String> subscription = CommandSpecs.azureSubscription();
  private final CommandSpecs.Arg<String> cloud = CommandSpecs.azureCloud();
  private final CommandSpecs.Arg<URI> armEndpoint = CommandSpecs.azureArmEndpoint();
  private final CommandSpecs.Arg<String> output =
      CommandSpecs.option(String.class, "FORMAT", "--output")
          .defaultValue("text")
          .description("text, json or markdown (default: ${DEFAULT-VALUE}).")
          .build();
  private final CommandSpecs.Arg<Long> timeout =
      CommandSpecs.option(long.class, "SECONDS", "--timeout")
          .defaultValue("300")
          .description("Overall limit for the whole check (default: ${DEFAULT-VALUE}).")
          .build();
  private final CommandSpecs.Arg<Integer> parallelism =
      CommandSpecs.option(int.class, "N", "--parallelism")
          .defaultValue("8")
          .description(
              "Clusters checked at once (default: ${DEFAULT-VALUE}, about 16 reads in flight, well inside ARM's read limits).")
          .build();
  private final CommandSpecs.Arg<Boolean> resourceGraph =
      CommandSpecs.flag(
          "Read all managed clusters of the subscription with one Azure Resource Graph query.",
          "--resource-graph");

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "drift",
          List.of(
              "Compare live Azure (read-only ARM calls) with AKSCluster YAML.",
              "Exit codes: 0 in sync, 2 drift found, 1 could not check (the report says why, per cluster)."),
          verbose,
          paths,
          subscription,
          cloud,
          armEndpoint,
          output,
          timeout,
          parallelism,
          resourceGraph);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long timeoutSeconds = timeout.get();
    int parallelism = this.parallelism.get();
    if (timeoutSeconds < 1 || parallelism < 1) {
      err.println("modelplane: --timeout and --parallelism must be at least 1");
      return ModelplaneCommand.ERROR;
    }
    DriftCheckerLookup.Found<DriftService> found = DriftCheckerLookup.find();
    if (found.service().isEmpty()) {
      err.println("modelplane: " + found.problem());
      return ModelplaneCommand.ERROR;
    }
    DriftService service = found.service().get();
    DriftRequest request =
        new DriftRequest(
            paths.get(),
            Path.of(""),
            Optional.ofNullable(subscription.get()),
            cloud.get(),
            Optional.ofNullable(armEndpoint.get()),
            Duration.ofSeconds(timeoutSeconds),
            parallelism,
            resourceGraph.get(),
            output.get());
    ProgressListener progress =
        verbose.get() ? message -> err.println("modelplane: " + message) : ProgressListener.SILENT;
    DriftOutcome outcome = service.check(request, progress);
    outcome
        .errors()
        .forEach(
            line ->
                err.println(
                    line.startsWith("modelplane: ") || line.contains(": error: ")
                        ? line
                        : "modelplane: " + line));
    out.print(outcome.report());
    out.flush();
    return switch (outcome.status()) {
      case IN_SYNC -> ModelplaneCommand.OK;
      case DRIFT -> ModelplaneCommand.DIFFERENCE;
      case FAILED -> ModelplaneCommand.ERROR;
    };
  }
}
