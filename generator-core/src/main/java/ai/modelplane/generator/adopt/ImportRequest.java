package ai.modelplane.generator.adopt;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code modelplane import} run, as the CLI and the Maven plugin's {@code import} goal describe
 * it.
 *
 * @param subscription {@code --subscription}; empty means {@code AZURE_SUBSCRIPTION_ID}
 * @param resourceGroup {@code --resource-group}: the cluster's resource group (with {@code --name})
 * @param name {@code --name}: the managed cluster's name
 * @param resourceGraph {@code --resource-graph}: every managed cluster of the subscription, read
 *     with one Azure Resource Graph query
 * @param namespace {@code --namespace}: {@code metadata.namespace} of the documents written
 * @param outputDirectory {@code --out}: the folder the documents are written to, one file per
 *     cluster
 * @param workingDirectory what a relative output directory is resolved against
 * @param cloud {@code --cloud}
 * @param armEndpoint {@code --arm-endpoint}, for custom clouds and tests
 * @param timeout {@code --timeout}: the overall limit for all reads
 */
public record ImportRequest(
    Optional<String> subscription,
    Optional<String> resourceGroup,
    Optional<String> name,
    boolean resourceGraph,
    String namespace,
    Path outputDirectory,
    Path workingDirectory,
    String cloud,
    Optional<URI> armEndpoint,
    Duration timeout) {
  public ImportRequest {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(outputDirectory, "outputDirectory");
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    Objects.requireNonNull(cloud, "cloud");
    Objects.requireNonNull(timeout, "timeout");
  }

  public Path resolvedOutputDirectory() {
    return workingDirectory.resolve(outputDirectory);
  }
}
