package ai.modelplane.generator.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A Kubernetes object as a tree ({@code apiVersion}, {@code kind}, {@code metadata}, …), kept in
 * the order it is written.
 *
 * @param file the file it is attached or written as, without extension
 * @param resource what {@code kubectl delete} names its type by ({@code storageclass}, or {@code
 *     plural.group} for a custom resource)
 * @param customResource true when its type comes from a CRD that a release installs, so that its
 *     removal first asks whether the CRD is still there
 * @param tree the object
 */
public record KubernetesManifest(
    String file, String resource, boolean customResource, ObjectNode tree)
    implements InClusterObject {
  public KubernetesManifest {
    tree = tree.deepCopy();
  }

  /** A copy of the object: the model stays immutable. */
  @Override
  public ObjectNode tree() {
    return tree.deepCopy();
  }

  /**
   * The object itself, not a copy, for serialising it in this package; nothing here writes to it.
   */
  JsonNode document() {
    return tree;
  }

  public String kind() {
    return tree.path("kind").asText();
  }

  public String name() {
    return tree.path("metadata").path("name").asText();
  }

  /** {@code metadata.namespace}, empty for a cluster-scoped object. */
  public String namespace() {
    return tree.path("metadata").path("namespace").asText("");
  }
}
