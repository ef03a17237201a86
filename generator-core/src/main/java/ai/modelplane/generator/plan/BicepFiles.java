package ai.modelplane.generator.plan;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.render.ScannerSkip;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The Bicep files of a run: per cluster a subscription-scope {@code main.bicep} with its
 * {@code main.bicepparam}, and the shared modules once. The views handed to the templates are plain
 * strings, numbers, lists and maps computed here, so the templates hold layout only.
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

  private static final Pattern POOL_NAME = Pattern.compile("[a-z][a-z0-9]{0,11}");

  private static final String MAIN_TEMPLATE = "bicep/main.bicep.ftl";
  private static final String PARAMETERS_TEMPLATE = "bicep/main.bicepparam.ftl";

  private BicepFiles() {}

  static void plan(List<ClusterPlan> clusters, OutputLayout layout, List<PlannedFile> out) {
    for (ClusterPlan plan : clusters) {
      Map<String, Object> model = clusterModel(plan, layout);
      String root = layout.clusterRoot(plan.cluster());
      out.add(new PlannedFile(layout.target(), root + "main.bicep", MAIN_TEMPLATE, model));
      out.add(new PlannedFile(layout.target(), root + "main.bicepparam", PARAMETERS_TEMPLATE, model));
    }
    if (!clusters.isEmpty()) {
      Map<String, Object> shared = sharedModel();
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

  static Map<String, Object> clusterModel(ClusterPlan plan, OutputLayout layout) {
    AksCluster cluster = plan.cluster();
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("sourcePath", cluster.source().displayPath());
    model.put("documentNumber", cluster.source().documentIndex() + 1);
    model.put("qualifiedName", cluster.qualifiedName());
    model.put("modules", layout.rootToModules());
    model.put("location", cluster.spec().location());
    model.put("kubernetesVersion", cluster.spec().kubernetesVersion());
    model.put("vnetCidr", cluster.spec().networking().vnetCidr());
    model.put("subnetCidr", cluster.spec().networking().subnetCidr());
    model.put("podCidr", Networking.POD_CIDR);
    model.put("serviceCidr", Networking.SERVICE_CIDR);
    model.put("dnsServiceIp", Networking.DNS_SERVICE_IP);
    Map<String, Object> names = new LinkedHashMap<>();
    names.put("resourceGroup", plan.names().resourceGroup());
    names.put("nodeResourceGroup", plan.names().nodeResourceGroup());
    names.put("virtualNetwork", plan.names().virtualNetwork());
    names.put("subnet", plan.names().subnet());
    names.put("cluster", plan.names().cluster());
    names.put("dnsPrefix", plan.names().dnsPrefix());
    names.put("installerIdentity", InClusterInstaller.identityName(plan.names()));
    model.put("names", names);
    model.put("defaultPool", poolModel(plan.defaultPool()));
    // AKS runs one agent pool operation per cluster at a time, so the pool modules are chained.
    List<Map<String, Object>> additionalPools = new ArrayList<>();
    String previous = null;
    for (PoolPlan pool : plan.additionalPools()) {
      Map<String, Object> view = poolModel(pool);
      String symbol = (pool.pool().isGpu() ? "modGpuPool_" : "modSystemPool_") + pool.name();
      view.put("symbol", symbol);
      view.put("moduleFile", pool.pool().isGpu() ? "gpuNodePool.bicep" : "systemNodePool.bicep");
      view.put(
          "purpose",
          pool.pool().isGpu() ? "a GPU pool with the AKS-managed NVIDIA driver" : "a further System pool");
      view.put("after", previous == null ? List.of() : List.of(previous));
      previous = symbol;
      additionalPools.add(view);
    }
    model.put("additionalPools", additionalPools);
    model.put("infiniband", plan.needsInfiniBand());
    model.put(
        "infinibandPools",
        plan.allPools().stream().filter(p -> p.pool().isInfiniBand()).map(p -> p.pool().path()).toList());
    model.put("featureName", Platform.INFINIBAND_FEATURE_NAMESPACE + "/" + Platform.INFINIBAND_FEATURE);
    model.put("featureMissingMessage", featureMissingMessage());
    model.put("storageClassName", plan.storageClassName());
    return model;
  }

  static String featureMissingMessage() {
    return "The subscription feature "
        + Platform.INFINIBAND_FEATURE_NAMESPACE
        + "/"
        + Platform.INFINIBAND_FEATURE
        + " is not Registered, and node pools with fabric InfiniBand need it. Register it with "
        + "'az feature register --namespace "
        + Platform.INFINIBAND_FEATURE_NAMESPACE
        + " --name "
        + Platform.INFINIBAND_FEATURE
        + "', wait until 'az feature show' reports Registered, run 'az provider register --namespace "
        + Platform.INFINIBAND_FEATURE_NAMESPACE
        + "', then deploy again.";
  }

  static Map<String, Object> poolModel(PoolPlan plan) {
    if (!POOL_NAME.matcher(plan.name()).matches()) {
      // Validation guarantees the CRD pattern; the name also becomes a Bicep identifier.
      throw new IllegalArgumentException("pool name is not a valid AKS pool name: " + plan.name());
    }
    Map<String, Object> pool = new LinkedHashMap<>();
    pool.put("name", plan.name());
    pool.put("path", plan.pool().path());
    pool.put("mode", plan.mode());
    pool.put("vmSize", plan.pool().vmSize());
    pool.put("osDiskSizeGB", plan.pool().diskSizeGb());
    pool.put("nodeCount", plan.pool().nodeCount());
    pool.put("minCount", plan.pool().autoscalerMin());
    pool.put("maxCount", plan.pool().maxNodeCount());
    pool.put("zones", plan.pool().zones());
    List<Map<String, String>> labels = new ArrayList<>();
    plan.labels().forEach((key, value) -> labels.add(Map.of("key", key, "value", value)));
    pool.put("labels", labels);
    pool.put("taints", plan.taints());
    pool.put("installGpuDriver", plan.installGpuDriver());
    return pool;
  }

  static Map<String, Object> sharedModel() {
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("chartName", Platform.NETWORK_OPERATOR_CHART);
    model.put("chartVersion", Platform.NETWORK_OPERATOR_VERSION);
    model.put("chartNamespace", Platform.NETWORK_OPERATOR_NAMESPACE);
    model.put("chartRepository", Platform.NVIDIA_HELM_REPOSITORY);
    model.put("chartTimeoutSeconds", Platform.NETWORK_OPERATOR_TIMEOUT_SECONDS);
    model.put("chartNamespaceEnforce", Platform.NETWORK_OPERATOR_NAMESPACE_ENFORCE);
    model.put("gpuTaintKey", Platform.GPU_TAINT_KEY);
    model.put("clusterAdminRoleId", InClusterInstaller.CLUSTER_ADMIN_ROLE_ID);
    model.put("azCliVersion", InClusterInstaller.AZ_CLI_VERSION);
    model.put("maxPods", Platform.MAX_PODS_PER_NODE);
    model.put("maxSurge", Platform.MAX_SURGE);
    model.put("upgradeChannel", Platform.UPGRADE_CHANNEL);
    model.put("networkPolicy", Platform.NETWORK_POLICY);
    model.put("networkDataPlane", Platform.NETWORK_DATA_PLANE);
    model.put("clusterScannerSkips", ScannerSkip.CLUSTER);
    model.put("virtualNetworkScannerSkips", ScannerSkip.VIRTUAL_NETWORK);
    model.put("nicPolicy", PlatformViews.nicClusterPolicy());
    model.put("cache", PlatformViews.modelCache());
    return model;
  }
}
