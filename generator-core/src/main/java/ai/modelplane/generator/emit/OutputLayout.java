package ai.modelplane.generator.emit;

import ai.modelplane.generator.render.Target;
import java.util.Objects;
import java.util.Optional;

/**
 * Every path of one target's output tree, in one place: a root per cluster at {@code
 * <namespace>/<name>/<target>/} and the shared modules once under {@code modules/<target>/} (see
 * "Output layout" in the design). Paths are relative to the output folder, {@code /}-separated.
 */
public record OutputLayout(Target target) {
  /** Folders from the output folder down to a cluster root: namespace, name, target. */
  private static final int ROOT_DEPTH = 3;

  /** The folder of the in-cluster root inside a cluster root. */
  private static final String IN_CLUSTER = "in-cluster";

  public OutputLayout {
    Objects.requireNonNull(target, "target");
  }

  /**
   * {@code <namespace>/<name>/<target>/}, where the root files of the cluster {@code
   * namespace/name} go.
   */
  public String clusterRoot(String qualifiedName) {
    return qualifiedName + "/" + target.id() + "/";
  }

  /**
   * {@code <namespace>/<name>/<target>/in-cluster/}: the second Terraform root of the cluster, for
   * what runs inside it (helm releases, Kubernetes objects). It has its own state, so the cluster's
   * replacement or a component switched off never leaves objects without the providers that manage
   * them.
   */
  public String inClusterRoot(String qualifiedName) {
    return clusterRoot(qualifiedName) + IN_CLUSTER + "/";
  }

  /** From a cluster root to its {@link #inClusterRoot}, without the trailing {@code /}. */
  public String rootToInCluster() {
    return IN_CLUSTER;
  }

  /** From an {@link #inClusterRoot} back to its cluster root, without the trailing {@code /}. */
  public String inClusterToRoot() {
    return "..";
  }

  /** {@code modules/<target>/}, where the shared modules go. */
  public String moduleRoot() {
    return "modules/" + target.id() + "/";
  }

  /**
   * From a cluster root to {@link #moduleRoot()}, without the trailing {@code /}: {@code
   * ../../../modules/<target>}.
   */
  public String rootToModules() {
    return "../".repeat(ROOT_DEPTH) + "modules/" + target.id();
  }

  /**
   * The target whose output tree {@code path} (relative to the output folder, {@code /}-separated)
   * belongs to: a file under a cluster root {@code <namespace>/<name>/<target>/}, or under {@code
   * modules/<target>/}; empty for any other path. The cluster roots are read first, since a
   * namespace may be called {@code modules}; no shared module is named after a target.
   */
  public static Optional<Target> targetOf(String path) {
    String[] segments = path.split("/", -1);
    if (segments.length > ROOT_DEPTH) {
      Optional<Target> root = target(segments[ROOT_DEPTH - 1]);
      if (root.isPresent()) {
        return root;
      }
    }
    return segments.length > 2 && segments[0].equals("modules")
        ? target(segments[1])
        : Optional.empty();
  }

  private static Optional<Target> target(String id) {
    for (Target target : Target.values()) {
      if (target.id().equals(id)) {
        return Optional.of(target);
      }
    }
    return Optional.empty();
  }

  /** From an {@link #inClusterRoot} to {@link #moduleRoot()}, without the trailing {@code /}. */
  public String inClusterToModules() {
    return "../".repeat(ROOT_DEPTH + 1) + "modules/" + target.id();
  }
}
