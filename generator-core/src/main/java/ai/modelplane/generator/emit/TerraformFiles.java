package ai.modelplane.generator.emit;

import ai.modelplane.generator.plan.InClusterViews;
import ai.modelplane.generator.plan.PoolPlan;
import ai.modelplane.generator.plan.Views;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.ModuleView;
import ai.modelplane.generator.plan.view.PoolFileView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.plan.view.TerraformRootView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The Terraform files of a run: per cluster two roots, applied in order (the infrastructure root
 * with one file per further pool, then the in-cluster root, which reads the cluster through a data
 * source), and each module some cluster calls, once. Templates live under {@code
 * templates/terraform/} and mirror the output tree.
 */
final class TerraformFiles {
  static final String NETWORK = "network";
  static final String CLUSTER = "cluster";

  /** The cluster module of private clusters, rendered from the cluster module's templates. */
  static final String PRIVATE_CLUSTER = "private-cluster";

  /** The module every further pool calls, as the plan names it. */
  static final String NODE_POOL = PoolPlan.TERRAFORM_MODULE;

  /** The module of Spot pools, rendered from the pool module's templates. */
  static final String SPOT_NODE_POOL = PoolPlan.SPOT_TERRAFORM_MODULE;

  static final String NETWORK_OPERATOR = "nvidia-network-operator";
  static final String MODEL_CACHE = "model-cache";
  static final String RESOURCE_GROUP = "resource-group";
  static final String EXISTING_SUBNET = "existing-subnet";

  /** The template folder the GPU stack's three modules share (each has its own README). */
  static final String GPU_COMPONENT_TEMPLATES = "gpu-stack-component";

  private static final List<String> ROOT_FILES =
      List.of("terraform.tf", "providers.tf", "main.tf", "outputs.tf");

  /** Three files, its one output in main.tf: 1,000 clusters mean 3,000 more files, not 4,000. */
  private static final List<String> IN_CLUSTER_FILES =
      List.of("terraform.tf", "providers.tf", "main.tf");

  private static final String ROOT_TEMPLATES = "terraform/root/";

  /** The output folder's {@code .gitignore}: Terraform's state, plans and cache stay out of Git. */
  public static final String GITIGNORE = ".gitignore";

  private static final String GITIGNORE_TEMPLATE = "terraform/gitignore.ftl";
  private static final String IN_CLUSTER_TEMPLATES = "terraform/in-cluster/";
  private static final String POOL_TEMPLATE = ROOT_TEMPLATES + "main.pool.tf.ftl";
  private static final List<String> MODULE_FOLDERS =
      List.of(
          NETWORK,
          CLUSTER,
          NODE_POOL,
          NETWORK_OPERATOR,
          MODEL_CACHE,
          RESOURCE_GROUP,
          EXISTING_SUBNET);
  private static final List<String> MODULE_FILES =
      List.of("terraform.tf", "main.tf", "variables.tf", "outputs.tf", "README.md");
  private static final List<String> NETWORK_OPERATOR_FILES =
      List.of(
          "network-operator.values.yaml",
          "network-operator.external-nfd.values.yaml",
          "charts/nic-cluster-policy/Chart.yaml",
          "charts/nic-cluster-policy/templates/nic-cluster-policy.yaml");

  private static final String GPU_COMPONENT_VALUES = "values.yaml";
  private static final String README = "README.md";

  private TerraformFiles() {}

  static void plan(List<ClusterView> clusters, OutputLayout layout, List<PlannedFile> out) {
    List<PlannedFile> files = new ArrayList<>();
    String infrastructureModules = layout.rootToModules() + "/";
    String inClusterModules = layout.inClusterToModules() + "/";
    for (ClusterView cluster : clusters) {
      String root = layout.clusterRoot(cluster.source().qualifiedName());
      String inCluster = layout.inClusterRoot(cluster.source().qualifiedName());
      TerraformRootView.Roots roots =
          new TerraformRootView.Roots(
              withoutSlash(root),
              withoutSlash(inCluster),
              layout.rootToInCluster(),
              layout.inClusterToRoot());
      TerraformRootView infrastructureView =
          new TerraformRootView(cluster, infrastructureModules, roots, Views.PLATFORM);
      TerraformRootView inClusterView =
          new TerraformRootView(cluster, inClusterModules, roots, Views.PLATFORM);
      for (String name : ROOT_FILES) {
        files.add(
            new PlannedFile(
                layout.target(), root + name, template(ROOT_TEMPLATES, name), infrastructureView));
      }
      for (String name : IN_CLUSTER_FILES) {
        files.add(
            new PlannedFile(
                layout.target(),
                inCluster + name,
                template(IN_CLUSTER_TEMPLATES, name),
                inClusterView));
      }
      for (PoolView pool : cluster.additionalPools()) {
        files.add(
            new PlannedFile(
                layout.target(),
                root + "main.pool-" + pool.identifier() + ".tf",
                POOL_TEMPLATE,
                new PoolFileView(cluster, pool, infrastructureModules, Views.PLATFORM)));
      }
    }
    for (String module : modulesUsedBy(clusters)) {
      Object view =
          switch (module) {
            case NETWORK_OPERATOR ->
                InClusterViews.networkOperatorModule(NicClusterPolicyChart.version());
            default ->
                gpuModule(module)
                    .<Object>map(InClusterViews::gpuModule)
                    .orElseGet(
                        () ->
                            ModuleView.of(
                                Views.PLATFORM,
                                module.equals(PRIVATE_CLUSTER),
                                module.equals(SPOT_NODE_POOL),
                                clusters));
          };
      for (String name : moduleFiles(module)) {
        files.add(
            new PlannedFile(
                layout.target(),
                layout.moduleRoot() + module + "/" + name,
                moduleTemplate(templateFolder(module, name), name),
                view));
      }
    }
    if (!clusters.isEmpty()) {
      // Terraform writes state, plans and its provider cache beside the roots; the state holds the
      // admin kubeconfig. One file at the top keeps them out of Git for every root.
      files.add(new PlannedFile(layout.target(), GITIGNORE, GITIGNORE_TEMPLATE, Views.PLATFORM));
    }
    files.sort(Comparator.comparing(PlannedFile::path));
    out.addAll(files);
  }

  /** The module folders some cluster calls; both pool kinds share one. */
  private static Set<String> modulesUsedBy(List<ClusterView> clusters) {
    Set<String> folders = new LinkedHashSet<>();
    for (SharedModule module : SharedModule.usedBy(clusters)) {
      folders.add(
          switch (module) {
            case NETWORK -> NETWORK;
            case CLUSTER -> CLUSTER;
            case PRIVATE_CLUSTER -> PRIVATE_CLUSTER;
            case MODEL_CACHE -> MODEL_CACHE;
            case NODE_POOL -> NODE_POOL;
            case SPOT_NODE_POOL -> SPOT_NODE_POOL;
            case NETWORK_OPERATOR -> NETWORK_OPERATOR;
            case NODE_FEATURE_DISCOVERY -> InClusterViews.GpuModule.NODE_FEATURE_DISCOVERY.folder();
            case DRA_DRIVER -> InClusterViews.GpuModule.DRA_DRIVER.folder();
            case DEVICE_PLUGIN -> InClusterViews.GpuModule.DEVICE_PLUGIN.folder();
            case DEVICE_PLUGIN_MIG -> InClusterViews.GpuModule.DEVICE_PLUGIN_MIG.folder();
            case RESOURCE_GROUP -> RESOURCE_GROUP;
            case EXISTING_SUBNET -> EXISTING_SUBNET;
          });
    }
    return folders;
  }

  static List<String> templates() {
    List<String> templates = new ArrayList<>();
    ROOT_FILES.forEach(name -> templates.add(template(ROOT_TEMPLATES, name)));
    IN_CLUSTER_FILES.forEach(name -> templates.add(template(IN_CLUSTER_TEMPLATES, name)));
    templates.add(POOL_TEMPLATE);
    templates.add(GITIGNORE_TEMPLATE);
    for (String folder : MODULE_FOLDERS) {
      moduleFiles(folder).forEach(name -> templates.add(moduleTemplate(folder, name)));
    }
    for (InClusterViews.GpuModule module : InClusterViews.GpuModule.values()) {
      moduleFiles(module.folder())
          .forEach(
              name -> templates.add(moduleTemplate(templateFolder(module.folder(), name), name)));
    }
    return templates;
  }

  /**
   * The template of the chart's policy, whose rendered bytes {@link NicClusterPolicyChart} digests.
   */
  static String policyTemplate() {
    return moduleTemplate(NETWORK_OPERATOR, NETWORK_OPERATOR_FILES.get(3));
  }

  /** The GPU stack module a module folder is, if any. */
  private static java.util.Optional<InClusterViews.GpuModule> gpuModule(String folder) {
    return java.util.Arrays.stream(InClusterViews.GpuModule.values())
        .filter(m -> m.folder().equals(folder))
        .findFirst();
  }

  /**
   * Where a module file's template lives: the private cluster module's in the cluster module's
   * folder, a GPU stack module's in the shared folder but for its own README.
   */
  private static String templateFolder(String module, String name) {
    if (module.equals(PRIVATE_CLUSTER)) {
      return CLUSTER;
    }
    if (module.equals(SPOT_NODE_POOL)) {
      return NODE_POOL;
    }
    if (gpuModule(module).isPresent() && !name.equals(README)) {
      return GPU_COMPONENT_TEMPLATES;
    }
    return module;
  }

  private static String withoutSlash(String folder) {
    return folder.substring(0, folder.length() - 1);
  }

  private static String template(String folder, String name) {
    return folder + name + ".ftl";
  }

  private static String moduleTemplate(String folder, String name) {
    return "terraform/modules/" + folder + "/" + name + ".ftl";
  }

  private static List<String> moduleFiles(String module) {
    List<String> names = new ArrayList<>(MODULE_FILES);
    if (module.equals(NETWORK_OPERATOR)) {
      names.addAll(NETWORK_OPERATOR_FILES);
    }
    if (gpuModule(module).isPresent()) {
      names.add(GPU_COMPONENT_VALUES);
    }
    return names;
  }
}
