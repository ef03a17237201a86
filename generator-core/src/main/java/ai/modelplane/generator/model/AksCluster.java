package ai.modelplane.generator.model;

import java.util.Objects;

/**
 * One validated, defaulted AKSCluster document.
 *
 * @param source where the document came from, for headers and diagnostics
 * @param name {@code metadata.name}
 * @param namespace {@code metadata.namespace}, {@code default} when the YAML omits it
 * @param spec the defaulted spec
 */
public record AksCluster(SourceRef source, String name, String namespace, AksClusterSpec spec) {
  public AksCluster {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(spec, "spec");
  }

  /** {@code namespace/name}, the identity users see in messages. */
  public String qualifiedName() {
    return namespace + "/" + name;
  }
}
