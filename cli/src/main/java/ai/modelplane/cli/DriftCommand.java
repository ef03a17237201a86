package ai.modelplane.cli;

import ai.modelplane.generator.ProgressListener;
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
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code modelplane drift PATH…}: compares live Azure with the YAML. Exit 0 in sync, 2 drift, 1 could not check. */
@Command(
    name = "drift",
    mixinStandardHelpOptions = true,
    description = {
      "Compare live Azure (read-only ARM calls) with AKSCluster YAML.",
      "Exit codes: 0 in sync, 2 drift found, 1 could not check (the report says why, per cluster)."
    })
final class DriftCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin Verbosity verbosity;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "YAML files, folders (searched for *.yaml and *.yml), or - for standard input.")
  List<String> paths;

  @Option(names = "--subscription", paramLabel = "ID", description = "Subscription to read (default: AZURE_SUBSCRIPTION_ID).")
  String subscription;

  @Option(names = "--cloud", paramLabel = "NAME", defaultValue = "AzureCloud",
      description = "AzureCloud, AzureChinaCloud or AzureUSGovernment (default: ${DEFAULT-VALUE}).")
  String cloud;

  @Option(names = "--arm-endpoint", paramLabel = "URL",
      description = "ARM endpoint of a custom cloud; set AZURE_AUTHORITY_HOST for its sign-in endpoint.")
  URI armEndpoint;

  @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "text", description = "text, json or markdown (default: ${DEFAULT-VALUE}).")
  String output;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "300", description = "Overall limit for the whole check (default: ${DEFAULT-VALUE}).")
  long timeoutSeconds;

  @Option(names = "--parallelism", paramLabel = "N", defaultValue = "8",
      description = "Clusters checked at once (default: ${DEFAULT-VALUE}, about 16 reads in flight, well inside ARM's read limits).")
  int parallelism;

  @Option(names = "--resource-graph", description = "Read all managed clusters of the subscription with one Azure Resource Graph query.")
  boolean resourceGraph;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (timeoutSeconds < 1 || parallelism < 1) {
      err.println("modelplane: --timeout and --parallelism must be at least 1");
      return ModelplaneCommand.ERROR;
    }
    DriftCheckerLookup.Found found = DriftCheckerLookup.find();
    if (found.service().isEmpty()) {
      err.println("modelplane: " + found.problem());
      return ModelplaneCommand.ERROR;
    }
    DriftService service = found.service().get();
    DriftRequest request = new DriftRequest(paths, Path.of(""), Optional.ofNullable(subscription), cloud,
        Optional.ofNullable(armEndpoint), Duration.ofSeconds(timeoutSeconds), parallelism, resourceGraph, output);
    ProgressListener progress = verbosity.verbose ? message -> err.println("modelplane: " + message) : ProgressListener.SILENT;
    DriftOutcome outcome = service.check(request, progress);
    outcome.errors().forEach(line -> err.println(line.startsWith("modelplane: ") || line.contains(": error: ") ? line : "modelplane: " + line));
    out.print(outcome.report());
    out.flush();
    return switch (outcome.status()) {
      case IN_SYNC -> ModelplaneCommand.OK;
      case DRIFT -> ModelplaneCommand.DIFFERENCE;
      case FAILED -> ModelplaneCommand.ERROR;
    };
  }
}
