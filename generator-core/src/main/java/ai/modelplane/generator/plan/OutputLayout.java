package ai.modelplane.generator.plan;

import ai.modelplane.generator.render.Target;
import java.util.Objects;

/**
 * Every path of one target's output tree, in one place: a root per cluster at
 * {@code <namespace>/<name>/<target>/} and the shared modules once under {@code modules/<target>/}
 * (see "Output layout" in the design). Paths are relative to the output folder, {@code /}-separated.
 */
public record OutputLayout(Target target) {
  /** Folders from the output folder down to a cluster root: namespace, name, target. */
  private static final int ROOT_DEPTH = 3;

  public OutputLayout {
    Objects.requireNonNull(target, "target");
  }

  /** {@code <namespace>/<name>/<target>/}, where the root files of the cluster {@code namespace/name} go. */
  public String clusterRoot(String qualifiedName) {
    return qualifiedName + "/" + target.id() + "/";
  }

  /** {@code modules/<target>/}, where the shared modules go. */
  public String moduleRoot() {
    return "modules/" + target.id() + "/";
  }

  /** From a cluster root to {@link #moduleRoot()}, without the trailing {@code /}: {@code ../../../modules/<target>}. */
  public String rootToModules() {
    return "../".repeat(ROOT_DEPTH) + "modules/" + target.id();
  }
}
