package ai.modelplane.generator.plan;

import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.ModuleView;
import ai.modelplane.generator.plan.view.RootView;
import java.util.ArrayList;
import java.util.List;

/**
 * The Bicep files of a run: per cluster a subscription-scope {@code main.bicep} with its
 * {@code main.bicepparam}, and the shared modules once under the module root.
 */
final class BicepFiles {
  /** Shared module files, in output order; each is {@code templates/bicep/modules/<file>.ftl}. */
  static final List<String> MODULE_FILES =
      List.of(
          "aksCommandInvoke.sh",
          "cluster.bicep",
          "gpuNodePool.bicep",
          "infinibandFeatureCheck.bicep",
          "modelCache.bicep",
          "network.bicep",
          "nvidiaNetworkOperator.bicep",
          "systemNodePool.bicep");

  private static final String MAIN_TEMPLATE = "bicep/main.bicep.ftl";
  private static final String PARAMETERS_TEMPLATE = "bicep/main.bicepparam.ftl";

  private BicepFiles() {}

  static void plan(List<ClusterView> clusters, OutputLayout layout, List<PlannedFile> out) {
    for (ClusterView cluster : clusters) {
      RootView view = new RootView(cluster, layout.rootToModules(), Views.PLATFORM);
      String root = layout.clusterRoot(cluster.source().qualifiedName());
      out.add(new PlannedFile(layout.target(), root + "main.bicep", MAIN_TEMPLATE, view));
      out.add(new PlannedFile(layout.target(), root + "main.bicepparam", PARAMETERS_TEMPLATE, view));
    }
    if (!clusters.isEmpty()) {
      ModuleView shared = new ModuleView(Views.PLATFORM);
      for (String module : MODULE_FILES) {
        out.add(new PlannedFile(layout.target(), layout.moduleRoot() + module, moduleTemplate(module), shared));
      }
    }
  }

  static List<String> templates() {
    List<String> templates = new ArrayList<>(List.of(MAIN_TEMPLATE, PARAMETERS_TEMPLATE));
    MODULE_FILES.forEach(module -> templates.add(moduleTemplate(module)));
    return templates;
  }

  private static String moduleTemplate(String module) {
    return "bicep/modules/" + module + ".ftl";
  }
}
