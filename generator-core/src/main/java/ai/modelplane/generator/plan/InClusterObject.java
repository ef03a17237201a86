package ai.modelplane.generator.plan;

/**
 * One thing a cluster holds besides its nodes, as data: a Kubernetes object or a Helm release.
 * Every target serialises it with {@link ai.modelplane.generator.text.DocumentWriter}.
 */
public sealed interface InClusterObject permits KubernetesManifest, HelmRelease {
  /** The file it is attached or written as, without extension; unique within a cluster. */
  String file();
}
