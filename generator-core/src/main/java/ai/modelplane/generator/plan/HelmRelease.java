package ai.modelplane.generator.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A Helm release of a pinned chart from a chart repository, installed or upgraded atomically and
 * waited for.
 *
 * @param name the release name
 * @param chart the chart name in {@code repository}
 * @param repository the chart repository's URL
 * @param version the pinned chart version
 * @param namespace the namespace it is released into
 * @param timeoutSeconds how long an install or upgrade may wait for its workloads
 * @param values the values it sets, as a tree
 */
public record HelmRelease(
    String name,
    String chart,
    String repository,
    String version,
    String namespace,
    int timeoutSeconds,
    ObjectNode values)
    implements InClusterObject {
  public HelmRelease {
    values = values.deepCopy();
  }

  /** A copy of the values: the model stays immutable. */
  @Override
  public ObjectNode values() {
    return values.deepCopy();
  }

  /** The values themselves, not a copy, for serialising them in this package. */
  JsonNode document() {
    return values;
  }

  @Override
  public String file() {
    return name + "-values";
  }
}
