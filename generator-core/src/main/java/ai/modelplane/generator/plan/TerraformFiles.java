package ai.modelplane.generator.plan;

import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.plan.view.ModuleView;
import ai.modelplane.generator.plan.view.PoolFileView;
import ai.modelplane.generator.plan.view.PoolModuleView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.plan.view.RootView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The Terraform files of a run: per cluster a root of four files plus one file per further pool,
 * and each module some cluster calls, once. Templates live under {@code templates/terraform/} and
 * mirror the output tree, except that both pool modules are laid out by {@code modules/node-pool/}.
 */
final class TerraformFiles {
  static final String NETWORK = "network";
  static final String CLUSTER = "cluster";
  static final String GPU_NODE_POOL = "gpu-node-pool";
  static final String SYSTEM_NODE_POOL = "system-node-pool";
  static final String NETWORK_OPERATOR = "nvidia-network-operator";
  static final String MODEL_CACHE = "model-cache";

  private static final List<String> ROOT_FILES = List.of("terraform.tf", "providers.tf", "main.tf", "outputs.tf");
  private static final String POOL_TEMPLATE = "terraform/root/main.pool.tf.ftl";
  /** The one template folder of both pool modules. */
  private static final String NODE_POOL_TEMPLATES = "node-pool";
  private static final List<String> TEMPLATE_FOLDERS = List.of(NETWORK, CLUSTER, NODE_POOL_TEMPLATES, NETWORK_OPERATOR, MODEL_CACHE);
  private static final List<String> MODULE_FILES =
      List.of("terraform.tf", "main.tf", "variables.tf", "outputs.tf", "README.md");
  private static final List<String> CHART_FILES =
      List.of("charts/nic-cluster-policy/Chart.yaml", "charts/nic-cluster-policy/templates/nic-cluster-policy.yaml");

  private TerraformFiles() {}

  static void plan(List<ClusterView> clusters, OutputLayout layout, List<PlannedFile> out) {
    List<PlannedFile> files = new ArrayList<>();
    String modules = layout.rootToModules() + "/";
    for (ClusterView cluster : clusters) {
      String root = layout.clusterRoot(cluster.source().qualifiedName());
      RootView view = new RootView(cluster, modules, Views.PLATFORM);
      for (String name : ROOT_FILES) {
        files.add(new PlannedFile(layout.target(), root + name, rootTemplate(name), view));
      }
      for (PoolView pool : cluster.additionalPools()) {
        files.add(
            new PlannedFile(
                layout.target(), root + "main.pool-" + pool.identifier() + ".tf", POOL_TEMPLATE, new PoolFileView(cluster, pool, modules, Views.PLATFORM)));
      }
    }
    for (SharedModule used : SharedModule.usedBy(clusters)) {
      String module = folder(used);
      String templates = templateFolder(used);
      Object view = moduleView(used);
      for (String name : moduleFiles(module)) {
        files.add(new PlannedFile(layout.target(), layout.moduleRoot() + module + "/" + name, moduleTemplate(templates, name), view));
      }
    }
    files.sort(Comparator.comparing(PlannedFile::path));
    out.addAll(files);
  }

  /** The module's folder under the module root. */
  static String folder(SharedModule module) {
    return switch (module) {
      case NETWORK -> NETWORK;
      case CLUSTER -> CLUSTER;
      case MODEL_CACHE -> MODEL_CACHE;
      case GPU_NODE_POOL -> GPU_NODE_POOL;
      case SYSTEM_NODE_POOL -> SYSTEM_NODE_POOL;
      case NETWORK_OPERATOR -> NETWORK_OPERATOR;
    };
  }

  private static String templateFolder(SharedModule module) {
    return switch (module) {
      case GPU_NODE_POOL, SYSTEM_NODE_POOL -> NODE_POOL_TEMPLATES;
      default -> folder(module);
    };
  }

  private static Object moduleView(SharedModule module) {
    return switch (module) {
      case GPU_NODE_POOL -> new PoolModuleView(Views.PLATFORM, new PoolModuleView.Kind(true, ClusterPlan.mode(Role.GPU)));
      case SYSTEM_NODE_POOL -> new PoolModuleView(Views.PLATFORM, new PoolModuleView.Kind(false, ClusterPlan.mode(Role.SYSTEM)));
      default -> new ModuleView(Views.PLATFORM);
    };
  }

  static List<String> templates() {
    List<String> templates = new ArrayList<>();
    ROOT_FILES.forEach(name -> templates.add(rootTemplate(name)));
    templates.add(POOL_TEMPLATE);
    for (String folder : TEMPLATE_FOLDERS) {
      moduleFiles(folder).forEach(name -> templates.add(moduleTemplate(folder, name)));
    }
    return templates;
  }

  private static String rootTemplate(String name) {
    return "terraform/root/" + name + ".ftl";
  }

  private static String moduleTemplate(String templateFolder, String name) {
    return "terraform/modules/" + templateFolder + "/" + name + ".ftl";
  }

  private static List<String> moduleFiles(String module) {
    List<String> names = new ArrayList<>(MODULE_FILES);
    if (module.equals(NETWORK_OPERATOR)) {
      names.addAll(CHART_FILES);
    }
    return names;
  }
}
