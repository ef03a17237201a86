package ai.modelplane.generator.emit;

import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.render.Target;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one run writes: the clusters' plans (computed once, shared by every target) and every
 * planned file, each path once.
 */
public record RenderPlan(List<ClusterPlan> clusters, List<PlannedFile> files) {
  public RenderPlan {
    clusters = List.copyOf(clusters);
    files = List.copyOf(files);
    Set<String> paths = new HashSet<>();
    for (PlannedFile file : files) {
      if (!paths.add(file.path())) {
        throw new IllegalArgumentException("planned twice: " + file.path());
      }
    }
  }

  /** The planned files of one target, in plan order. */
  public List<PlannedFile> files(Target target) {
    return files.stream().filter(file -> file.target() == target).toList();
  }
}
