package ai.modelplane.generator.model;

import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.Naming;
import java.util.List;
import java.util.Objects;

/**
 * One validated, defaulted AKSCluster document.
 *
 * @param source where the document came from, for headers and diagnostics
 * @param name {@code metadata.name}
 * @param namespace {@code metadata.namespace}, {@code default} when the YAML omits it
 * @param spec the defaulted spec
 * @param names the Azure names, derived once when the cluster is bound ({@link Naming#derive}), so
 *     that validation, every target, {@code diff} and drift read the same ones
 */
public record AksCluster(
    SourceRef source, String name, String namespace, AksClusterSpec spec, AzureNames names) {
  public AksCluster {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(names, "names");
  }

  /** Binds a cluster and derives its Azure names. */
  public AksCluster(SourceRef source, String name, String namespace, AksClusterSpec spec) {
    this(source, name, namespace, spec, Naming.derive(namespace, name, poolNames(spec)));
  }

  private static List<String> poolNames(AksClusterSpec spec) {
    return spec.allPools().stream().map(NodePool::name).toList();
  }

  /** {@code namespace/name}, the identity users see in messages. */
  public String qualifiedName() {
    return namespace + "/" + name;
  }
}
