package ai.modelplane.generator.emit;

import ai.modelplane.generator.plan.PoolPlan;
import ai.modelplane.generator.plan.Views;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.ModuleView;
import ai.modelplane.generator.plan.view.RootView;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Bicep files of a run: per cluster a subscription-scope {@code main.bicep} with its {@code
 * main.bicepparam}, and once under the module root each module some cluster calls (in file name
 * order; each is {@code templates/bicep/modules/<file>.ftl}).
 */
final class BicepFiles {
  private static final String MAIN_TEMPLATE = "bicep/main.bicep.ftl";
  private static final String PARAMETERS_TEMPLATE = "bicep/main.bicepparam.ftl";

  static final String CLUSTER_FILE = "cluster.bicep";
  static final String PRIVATE_CLUSTER_FILE = "privateCluster.bicep";

  private BicepFiles() {}

  static void plan(List<ClusterView> clusters, OutputLayout layout, List<PlannedFile> out) {
    for (ClusterView cluster : clusters) {
      RootView view = new RootView(cluster, layout.rootToModules(), Views.PLATFORM);
      String root = layout.clusterRoot(cluster.source().qualifiedName());
      out.add(new PlannedFile(layout.target(), root + "main.bicep", MAIN_TEMPLATE, view));
      out.add(
          new PlannedFile(layout.target(), root + "main.bicepparam", PARAMETERS_TEMPLATE, view));
    }
    Set<String> used = new TreeSet<>();
    SharedModule.usedBy(clusters).forEach(module -> used.addAll(files(module)));
    ModuleView shared = ModuleView.of(Views.PLATFORM, false, clusters);
    ModuleView privateCluster = ModuleView.of(Views.PLATFORM, true, clusters);
    ModuleView spotPool = ModuleView.of(Views.PLATFORM, false, true, clusters);
    for (String module : used) {
      boolean isPrivate = module.equals(PRIVATE_CLUSTER_FILE);
      boolean isSpot = module.equals(PoolPlan.SPOT_BICEP_MODULE);
      out.add(
          new PlannedFile(
              layout.target(),
              layout.moduleRoot() + module,
              moduleTemplate(isPrivate ? CLUSTER_FILE : isSpot ? PoolPlan.BICEP_MODULE : module),
              isPrivate ? privateCluster : isSpot ? spotPool : shared));
    }
  }

  /**
   * The module's files. Every cluster calls the one in-cluster module, which applies the
   * StorageClass and installs or removes the network operator: deleting a deployment script from a
   * stack undoes nothing in the cluster, so the step that removes the operator must outlive the
   * last InfiniBand pool. The network operator itself then only adds the feature check.
   */
  static List<String> files(SharedModule module) {
    return switch (module) {
      case NETWORK -> List.of("network.bicep");
      case CLUSTER -> List.of(CLUSTER_FILE);
      case PRIVATE_CLUSTER -> List.of(PRIVATE_CLUSTER_FILE);
      case MODEL_CACHE -> List.of("inClusterComponents.bicep", "aksCommandInvoke.sh");
      case NODE_POOL -> List.of(PoolPlan.BICEP_MODULE);
      case SPOT_NODE_POOL -> List.of(PoolPlan.SPOT_BICEP_MODULE);
      case NETWORK_OPERATOR -> List.of("infinibandFeatureCheck.bicep");
      // The stack runs through the in-cluster module's command, which every cluster has.
      case NODE_FEATURE_DISCOVERY, DRA_DRIVER, DEVICE_PLUGIN, DEVICE_PLUGIN_MIG -> List.of();
      // main.bicep creates the resource group in both cases.
      case RESOURCE_GROUP -> List.of();
      // The route table's role needs a module scoped from a parameter, and the one it calls.
      case EXISTING_SUBNET ->
          List.of("existingSubnet.bicep", "routeTableRole.bicep", "routeTableRoleAssignment.bicep");
    };
  }

  static List<String> templates() {
    List<String> templates = new ArrayList<>(List.of(MAIN_TEMPLATE, PARAMETERS_TEMPLATE));
    Set<String> modules = new TreeSet<>();
    for (SharedModule module : SharedModule.values()) {
      modules.addAll(files(module));
    }
    modules.remove(PRIVATE_CLUSTER_FILE); // rendered from the cluster module's template
    modules.remove(PoolPlan.SPOT_BICEP_MODULE); // rendered from the pool module's template
    modules.forEach(module -> templates.add(moduleTemplate(module)));
    return templates;
  }

  private static String moduleTemplate(String module) {
    return "bicep/modules/" + module + ".ftl";
  }
}
