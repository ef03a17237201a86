package ai.modelplane.generator.drift;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One drift check, as both the CLI and the Maven plugin describe it. Option names match the CLI
 * flags and the plugin's {@code modelplane.*} properties.
 *
 * @param inputs files, folders or {@code -}, as the user named them
 * @param workingDirectory what relative inputs are resolved against
 * @param subscription {@code --subscription}; empty means {@code AZURE_SUBSCRIPTION_ID}
 * @param cloud {@code --cloud}: AzureCloud, AzureChinaCloud or AzureUSGovernment
 * @param armEndpoint {@code --arm-endpoint}, for custom clouds and tests
 * @param timeout {@code --timeout}: the overall limit for the whole check
 * @param parallelism {@code --parallelism}: clusters checked at once
 * @param resourceGraph {@code --resource-graph}: read all clusters with one Resource Graph query
 * @param output {@code --output}: text, json or markdown
 */
public record DriftRequest(
    List<String> inputs,
    Path workingDirectory,
    Optional<String> subscription,
    String cloud,
    Optional<URI> armEndpoint,
    Duration timeout,
    int parallelism,
    boolean resourceGraph,
    String output) {
  public DriftRequest {
    inputs = List.copyOf(inputs);
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    Objects.requireNonNull(cloud, "cloud");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(output, "output");
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1");
    }
  }
}
