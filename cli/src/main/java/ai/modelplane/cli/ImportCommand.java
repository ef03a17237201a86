package ai.modelplane.cli;

import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.adopt.ImportRequest;
import ai.modelplane.generator.adopt.ImportService;
import ai.modelplane.generator.diagnostic.ProgressListener;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code modelplane import}: writes an AKSCluster document for each live cluster it reads
 * (read-only ARM calls). Exit 0 written and valid, 1 could not read, write or validate.
 */
final class ImportCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpecs.Arg<Boolean> verbose = Verbosity.option();
  private final CommandSpecs.Arg<String> subscription = CommandSpecs.azureSubscription();
  private final CommandSpecs.Arg<String> resourceGroup =
      CommandSpecs.option(String.class, "NAME", "--resource-group")
          .description("Resource group of the cluster (with --name).")
          .build();
  private final CommandSpecs.Arg<String> name =
      CommandSpecs.option(String.class, "NAME", "--name")
          .description("Name of the managed cluster (with --resource-group).")
          .build();
  private final CommandSpecs.Arg<Boolean> resourceGraph =
      CommandSpecs.flag(
          "Import every managed cluster of the subscription, read with one Azure Resource Graph query.",
          "--resource-graph");
  private final CommandSpecs.Arg<String> namespace =
      CommandSpecs.option(String.class, "NAMESPACE", "--namespace")
          .defaultValue("default")
          .description("metadata.namespace of the documents (default: ${DEFAULT-VALUE}).")
          .build();
  private final CommandSpecs.Arg<Path> out =
      CommandSpecs.option(Path.class, "DIR", "--out")
          .defaultValue(".")
          .description("Folder to write NAME.yaml files to (default: ${DEFAULT-VALUE}).")
          .build();
  private final CommandSpecs.Arg<String> cloud = CommandSpecs.azureCloud();
  private final CommandSpecs.Arg<URI> armEndpoint = CommandSpecs.azureArmEndpoint();
  private final CommandSpecs.Arg<Long> timeout =
      CommandSpecs.option(long.class, "SECONDS", "--timeout")
          .defaultValue("300")
          .description("Overall limit for all reads (default: ${DEFAULT-VALUE}).")
          .build();

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "import",
          List.of(
              "Write an AKSCluster document for an existing AKS cluster (read-only ARM calls), with its live names as annotations.",
              "Lists what the AKSCluster cannot express and what a first apply of the generated code would change."),
          verbose,
          subscription,
          resourceGroup,
          name,
          resourceGraph,
          namespace,
          out,
          cloud,
          armEndpoint,
          timeout);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    long timeoutSeconds = timeout.get();
    if (timeoutSeconds < 1) {
      err.println("modelplane: --timeout must be at least 1");
      return ModelplaneCommand.ERROR;
    }
    DriftCheckerLookup.Found<ImportService> found = DriftCheckerLookup.findImport();
    if (found.service().isEmpty()) {
      err.println("modelplane: " + found.problem());
      return ModelplaneCommand.ERROR;
    }
    ImportRequest request =
        new ImportRequest(
            Optional.ofNullable(subscription.get()),
            Optional.ofNullable(resourceGroup.get()),
            Optional.ofNullable(name.get()),
            resourceGraph.get(),
            namespace.get(),
            this.out.get(),
            Path.of(""),
            cloud.get(),
            Optional.ofNullable(armEndpoint.get()),
            Duration.ofSeconds(timeoutSeconds));
    ProgressListener progress =
        verbose.get() ? message -> err.println("modelplane: " + message) : ProgressListener.SILENT;
    ImportOutcome outcome = found.service().get().importClusters(request, progress);
    print(outcome, out, err);
    return outcome.failed() ? ModelplaneCommand.ERROR : ModelplaneCommand.OK;
  }

  /**
   * Each file, its warnings and what the first apply would change; the CLI and the plugin say the
   * same.
   */
  static void print(ImportOutcome outcome, PrintWriter out, PrintWriter err) {
    for (ImportOutcome.ImportedCluster cluster : outcome.clusters()) {
      out.println("wrote " + cluster.file() + " from " + cluster.armId());
      cluster
          .warnings()
          .forEach(
              w -> err.println("modelplane: warning: " + cluster.file().getFileName() + ": " + w));
      if (cluster.firstApplyChanges().isEmpty()) {
        out.println(
            "  the generated code takes it over unchanged (generate --adopt, then terraform plan shows imports only)");
      } else {
        out.println("  a first apply or stack deployment of the generated code would change:");
        cluster.firstApplyChanges().forEach(change -> out.println("    " + change));
      }
    }
    outcome
        .errors()
        .forEach(line -> err.println(line.contains(": error: ") ? line : "modelplane: " + line));
    out.flush();
  }
}
