package ai.modelplane.maven;

import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.adopt.ImportRequest;
import ai.modelplane.generator.adopt.ImportService;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes an AKSCluster document into {@code <sources>} for each live cluster it reads (read-only);
 * the CLI's {@code modelplane import}. Needs {@code ai.modelplane:modelplane-drift-checker} in the
 * plugin's {@code <dependencies>}. Run once, then {@code modelplane:generate} with {@code
 * <adopt>true</adopt>}.
 */
@Mojo(name = "import", threadSafe = true)
public final class ImportMojo extends AbstractAzureMojo {
  /** The cluster's resource group, with {@code name} (the CLI's {@code --resource-group}). */
  @Parameter(property = "modelplane.resourceGroup")
  String resourceGroup;

  /** The managed cluster's name, with {@code resourceGroup} (the CLI's {@code --name}). */
  @Parameter(property = "modelplane.name")
  String name;

  /**
   * Import every managed cluster of the subscription with one Resource Graph query (the CLI's
   * {@code --resource-graph}).
   */
  @Parameter(property = "modelplane.resourceGraph", defaultValue = "false")
  boolean resourceGraph;

  /** {@code metadata.namespace} of the documents (the CLI's {@code --namespace}). */
  @Parameter(property = "modelplane.namespace", defaultValue = "default", required = true)
  String namespace;

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    Optional<ImportService> service = ImportService.find(getClass().getClassLoader());
    if (service.isEmpty()) {
      throw new MojoFailureException(Messages.missingDriftChecker(pluginVersion(), "import"));
    }
    ImportRequest request =
        new ImportRequest(
            Optional.ofNullable(subscription).filter(s -> !s.isBlank()),
            Optional.ofNullable(resourceGroup).filter(s -> !s.isBlank()),
            Optional.ofNullable(name).filter(s -> !s.isBlank()),
            resourceGraph,
            namespace,
            sources(),
            basedir(),
            cloud,
            DriftOptions.armEndpoint(armEndpoint),
            DriftOptions.duration(timeout));
    ImportOutcome outcome;
    try {
      outcome =
          service.get().importClusters(request, message -> getLog().info("Modelplane: " + message));
    } catch (RuntimeException e) {
      throw new MojoExecutionException(Messages.internalError("import", e), e);
    }
    for (ImportOutcome.ImportedCluster cluster : outcome.clusters()) {
      getLog().info("Modelplane: wrote " + cluster.file() + " from " + cluster.armId());
      cluster
          .warnings()
          .forEach(
              warning ->
                  getLog().warn("Modelplane: " + cluster.file().getFileName() + ": " + warning));
      cluster
          .firstApplyChanges()
          .forEach(change -> getLog().warn("Modelplane: a first apply would change " + change));
    }
    if (outcome.failed()) {
      throw new MojoExecutionException(
          "modelplane:import failed:\n" + String.join("\n", outcome.errors()));
    }
  }
}
