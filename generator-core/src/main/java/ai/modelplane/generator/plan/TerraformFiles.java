package ai.modelplane.generator.plan;

import ai.modelplane.generator.render.ScannerSkip;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The Terraform files of a run: per cluster a root of four files plus one file per further pool,
 * and each module some cluster calls, once. Templates live under {@code templates/terraform/} and
 * mirror the output tree.
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
  private static final List<String> MODULES =
      List.of(NETWORK, CLUSTER, GPU_NODE_POOL, SYSTEM_NODE_POOL, NETWORK_OPERATOR, MODEL_CACHE);
  private static final List<String> MODULE_FILES =
      List.of("terraform.tf", "main.tf", "variables.tf", "outputs.tf", "README.md");
  private static final List<String> CHART_FILES =
      List.of("charts/nic-cluster-policy/Chart.yaml", "charts/nic-cluster-policy/templates/nic-cluster-policy.yaml");

  private TerraformFiles() {}

  static void plan(List<ClusterPlan> clusters, OutputLayout layout, List<PlannedFile> out) {
    List<PlannedFile> files = new ArrayList<>();
    // The same for every cluster, and only ever read by templates: built once per run.
    Map<String, Object> common = commonModel();
    TreeSet<String> usedModules = new TreeSet<>();
    for (ClusterPlan plan : clusters) {
      planRoot(plan, layout, common, files);
      usedModules.add(NETWORK);
      usedModules.add(CLUSTER);
      usedModules.add(MODEL_CACHE);
      if (!plan.gpuPools().isEmpty()) {
        usedModules.add(GPU_NODE_POOL);
      }
      if (!plan.extraSystemPools().isEmpty()) {
        usedModules.add(SYSTEM_NODE_POOL);
      }
      if (plan.needsInfiniBand()) {
        usedModules.add(NETWORK_OPERATOR);
      }
    }
    for (String module : usedModules) {
      for (String name : moduleFiles(module)) {
        files.add(new PlannedFile(layout.target(), layout.moduleRoot() + module + "/" + name, moduleTemplate(module, name), common));
      }
    }
    files.sort(Comparator.comparing(PlannedFile::path));
    out.addAll(files);
  }

  static List<String> templates() {
    List<String> templates = new ArrayList<>();
    ROOT_FILES.forEach(name -> templates.add(rootTemplate(name)));
    templates.add(POOL_TEMPLATE);
    for (String module : MODULES) {
      moduleFiles(module).forEach(name -> templates.add(moduleTemplate(module, name)));
    }
    return templates;
  }

  private static String rootTemplate(String name) {
    return "terraform/root/" + name + ".ftl";
  }

  private static String moduleTemplate(String module, String name) {
    return "terraform/modules/" + module + "/" + name + ".ftl";
  }

  private static List<String> moduleFiles(String module) {
    List<String> names = new ArrayList<>(MODULE_FILES);
    if (module.equals(NETWORK_OPERATOR)) {
      names.addAll(CHART_FILES);
    }
    return names;
  }

  private static void planRoot(ClusterPlan plan, OutputLayout layout, Map<String, Object> common, List<PlannedFile> files) {
    String root = layout.clusterRoot(plan.cluster());
    Map<String, Object> model = new LinkedHashMap<>(common);
    model.put("plan", plan);
    model.put("cluster", plan.cluster());
    model.put("spec", plan.cluster().spec());
    model.put("names", plan.names());
    model.put("networking", plan.cluster().spec().networking());
    model.put("source", plan.cluster().source());
    model.put("modules", layout.rootToModules() + "/");
    model.put(
        "infinibandPools", plan.allPools().stream().filter(p -> p.pool().isInfiniBand()).toList());
    for (String name : ROOT_FILES) {
      files.add(new PlannedFile(layout.target(), root + name, rootTemplate(name), model));
    }
    for (PoolPlan pool : plan.additionalPools()) {
      Map<String, Object> poolModel = new LinkedHashMap<>(model);
      poolModel.put("pool", pool);
      files.add(new PlannedFile(layout.target(), root + "main.pool-" + pool.identifier() + ".tf", POOL_TEMPLATE, poolModel));
    }
  }

  private static Map<String, Object> commonModel() {
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("platform", platform());
    model.put("versions", versions());
    model.put("clusterSkips", ScannerSkip.CLUSTER);
    model.put("nodePoolSkips", ScannerSkip.NODE_POOL);
    model.put("virtualNetworkSkips", ScannerSkip.VIRTUAL_NETWORK);
    model.put("subnetSkips", ScannerSkip.SUBNET);
    return model;
  }

  private static Map<String, Object> versions() {
    Map<String, Object> versions = new LinkedHashMap<>();
    versions.put("terraform", ProviderVersions.TERRAFORM);
    versions.put("azurerm", ProviderVersions.AZURERM);
    versions.put("helm", ProviderVersions.HELM);
    versions.put("kubernetes", ProviderVersions.KUBERNETES);
    versions.put("azapi", ProviderVersions.AZAPI);
    return versions;
  }

  private static Map<String, Object> platform() {
    Map<String, Object> platform = new LinkedHashMap<>();
    platform.put("gpuTaintKey", Platform.GPU_TAINT_KEY);
    platform.put("networkOperatorChart", Platform.NETWORK_OPERATOR_CHART);
    platform.put("networkOperatorVersion", Platform.NETWORK_OPERATOR_VERSION);
    platform.put("networkOperatorNamespace", Platform.NETWORK_OPERATOR_NAMESPACE);
    platform.put("nvidiaHelmRepository", Platform.NVIDIA_HELM_REPOSITORY);
    platform.put("networkOperatorTimeoutSeconds", Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS);
    platform.put("networkOperatorNamespaceEnforce", Platform.NETWORK_OPERATOR_NAMESPACE_ENFORCE);
    platform.put("infinibandFeature", Platform.INFINIBAND_FEATURE);
    platform.put("infinibandFeatureNamespace", Platform.INFINIBAND_FEATURE_NAMESPACE);
    platform.put("maxPods", Platform.MAX_PODS_PER_NODE);
    platform.put("maxSurge", Platform.MAX_SURGE);
    platform.put("upgradeChannel", Platform.UPGRADE_CHANNEL);
    platform.put("networkPolicy", Platform.NETWORK_POLICY);
    platform.put("networkDataPlane", Platform.NETWORK_DATA_PLANE);
    platform.put("nicPolicy", PlatformViews.nicClusterPolicy());
    platform.put("cache", PlatformViews.modelCache());
    return platform;
  }
}
