package ai.modelplane.generator.render.terraform;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.Platform;
import ai.modelplane.generator.plan.PoolPlan;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.PlatformViews;
import ai.modelplane.generator.render.ScannerSkip;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TargetRenderer;
import ai.modelplane.generator.render.TemplateEngine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders each cluster into a Terraform root at {@code <namespace>/<name>/terraform/} that calls
 * modules written once under {@code modules/terraform/}. Only modules some cluster calls are
 * written. Templates live under {@code templates/terraform/} and mirror the output tree.
 */
public final class TerraformRenderer implements TargetRenderer {
  static final String MODULES_DIR = "modules/terraform/";
  /** From a root ({@code <namespace>/<name>/terraform/}) back to the output directory. */
  static final String ROOT_TO_OUTPUT = "../../../";

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

  private final TemplateEngine engine = new TemplateEngine(List.of(HclOutputFormat.INSTANCE));

  @Override
  public Target target() {
    return Target.TERRAFORM;
  }

  @Override
  public List<GeneratedFile> render(List<AksCluster> clusters) {
    // Sorted by path so the order never depends on input order or hash iteration.
    Map<String, String> files = new TreeMap<>();
    Map<String, Boolean> usedModules = new TreeMap<>();
    // The same for every cluster, and only ever read by templates: built once per call.
    Map<String, Object> common = commonModel();
    for (AksCluster cluster : clusters) {
      ClusterPlan plan = ClusterPlan.of(cluster);
      renderRoot(plan, common, files);
      usedModules.put(NETWORK, true);
      usedModules.put(CLUSTER, true);
      usedModules.put(MODEL_CACHE, true);
      if (!plan.gpuPools().isEmpty()) {
        usedModules.put(GPU_NODE_POOL, true);
      }
      if (!plan.extraSystemPools().isEmpty()) {
        usedModules.put(SYSTEM_NODE_POOL, true);
      }
      if (plan.needsInfiniBand()) {
        usedModules.put(NETWORK_OPERATOR, true);
      }
    }
    Map<String, Object> moduleModel = common;
    for (String module : usedModules.keySet()) {
      for (String name : moduleFiles(module)) {
        files.put(MODULES_DIR + module + "/" + name, engine.render(moduleTemplate(module, name), moduleModel));
      }
    }
    List<GeneratedFile> out = new ArrayList<>();
    files.forEach((path, content) -> out.add(new GeneratedFile(path, content)));
    return out;
  }

  @Override
  public void prepare() {
    List<String> templates = new ArrayList<>();
    ROOT_FILES.forEach(name -> templates.add(rootTemplate(name)));
    templates.add(POOL_TEMPLATE);
    for (String module : MODULES) {
      moduleFiles(module).forEach(name -> templates.add(moduleTemplate(module, name)));
    }
    engine.prepare(templates);
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

  private void renderRoot(ClusterPlan plan, Map<String, Object> common, Map<String, String> files) {
    AksCluster cluster = plan.cluster();
    String root = cluster.namespace() + "/" + cluster.name() + "/terraform/";
    Map<String, Object> model = new LinkedHashMap<>(common);
    model.put("plan", plan);
    model.put("cluster", cluster);
    model.put("spec", cluster.spec());
    model.put("names", plan.names());
    model.put("networking", cluster.spec().networking());
    model.put("source", cluster.source());
    model.put("modules", ROOT_TO_OUTPUT + MODULES_DIR);
    model.put(
        "infinibandPools", plan.allPools().stream().filter(p -> p.pool().isInfiniBand()).toList());
    for (String name : ROOT_FILES) {
      files.put(root + name, engine.render(rootTemplate(name), model));
    }
    for (PoolPlan pool : plan.additionalPools()) {
      Map<String, Object> poolModel = new LinkedHashMap<>(model);
      poolModel.put("pool", pool);
      files.put(
          root + "main.pool-" + pool.identifier() + ".tf",
          engine.render(POOL_TEMPLATE, poolModel));
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
