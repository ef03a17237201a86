package ai.modelplane.maven;

import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftRequest;
import ai.modelplane.generator.drift.DriftService;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Compares live Azure with the AKSCluster YAML under {@code <sources>}; the CLI's {@code modelplane
 * drift}. Needs {@code ai.modelplane:modelplane-drift-checker} in the plugin's {@code
 * <dependencies>}; fails when drift is found.
 */
@Mojo(name = "drift", threadSafe = true)
public final class DriftMojo extends AbstractAzureMojo {
  /** Clusters checked at once (the CLI's {@code --parallelism}). */
  @Parameter(property = "modelplane.parallelism", defaultValue = "4", required = true)
  int parallelism;

  /** Read all clusters with one Azure Resource Graph query (the CLI's {@code --resource-graph}). */
  @Parameter(property = "modelplane.resourceGraph", defaultValue = "false")
  boolean resourceGraph;

  /** Report format: text, json or markdown (the CLI's {@code --output}). */
  @Parameter(property = "modelplane.output", defaultValue = "text", required = true)
  String output;

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    Optional<DriftService> service = DriftService.find(getClass().getClassLoader());
    if (service.isEmpty()) {
      throw new MojoFailureException(Messages.missingDriftChecker(pluginVersion(), "drift"));
    }
    SourceFiles sources = sourceFiles();
    DriftRequest request =
        new DriftRequest(
            List.of(sources.input()),
            sources.basedir(),
            Optional.ofNullable(subscription).filter(s -> !s.isBlank()),
            cloud,
            DriftOptions.armEndpoint(armEndpoint),
            DriftOptions.duration(timeout),
            parallelism(),
            resourceGraph,
            output);
    DriftOutcome outcome;
    try {
      outcome = service.get().check(request, message -> getLog().info("Modelplane: " + message));
    } catch (RuntimeException e) {
      throw new MojoExecutionException(Messages.internalError("drift", e), e);
    }
    switch (outcome.status()) {
      case IN_SYNC -> outcome.report().lines().forEach(line -> getLog().info(line));
      case DRIFT ->
          throw new MojoFailureException(
              "Live Azure differs from the AKSCluster YAML under "
                  + sources.input()
                  + ": update the YAML or the cloud until they agree. The drift report:\n"
                  + outcome.report());
      case FAILED ->
          throw new MojoExecutionException(
              "modelplane:drift could not check live Azure:\n"
                  + String.join("\n", outcome.errors())
                  + (outcome.errors().isEmpty() ? "" : "\n")
                  + outcome.report());
    }
  }

  private int parallelism() throws MojoFailureException {
    if (parallelism < 1) {
      throw new MojoFailureException(
          "Set <parallelism> (-Dmodelplane.parallelism) to 1 or more, not " + parallelism);
    }
    return parallelism;
  }
}
