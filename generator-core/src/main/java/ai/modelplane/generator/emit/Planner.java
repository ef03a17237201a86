package ai.modelplane.generator.emit;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.Views;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.render.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plan stage: from validated clusters and the requested targets, which files the run writes,
 * each with its template and view. Pure (no I/O, no clock); each cluster is planned once, whatever
 * the number of targets.
 */
@FunctionalInterface
public interface Planner {
  /** This build's planner. */
  Planner STANDARD = Planner::plan;

  RenderPlan planFor(List<AksCluster> clusters, Set<Target> targets);

  static RenderPlan plan(List<AksCluster> clusters, Set<Target> targets) {
    List<ClusterPlan> plans = new ArrayList<>(clusters.size());
    clusters.stream()
        .sorted(Comparator.comparing(AksCluster::namespace).thenComparing(AksCluster::name))
        .forEach(cluster -> plans.add(ClusterPlan.of(cluster)));
    // One view per cluster, whatever the number of targets: both read the same decisions.
    List<ClusterView> views = plans.stream().map(Views::cluster).toList();
    List<PlannedFile> files = new ArrayList<>();
    for (Target target : new TreeSet<>(targets)) {
      OutputLayout layout = new OutputLayout(target);
      switch (target) {
        case TERRAFORM -> TerraformFiles.plan(views, layout, files);
        case BICEP -> BicepFiles.plan(views, layout, files);
      }
    }
    return new RenderPlan(plans, files);
  }

  /** Every template {@code target} may use, for loading ahead of time. */
  static List<String> templates(Target target) {
    return switch (target) {
      case TERRAFORM -> TerraformFiles.templates();
      case BICEP -> BicepFiles.templates();
    };
  }
}
