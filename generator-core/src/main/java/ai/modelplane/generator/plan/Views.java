package ai.modelplane.generator.plan;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.GpuConfig;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.model.Maintenance;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.model.PoolSettings;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PlatformView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.plan.view.SettingView;
import ai.modelplane.generator.platform.ArmApiVersions;
import ai.modelplane.generator.platform.CrdBounds;
import ai.modelplane.generator.platform.InClusterInstaller;
import ai.modelplane.generator.platform.ModelCacheSpec;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.platform.ProviderVersions;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import ai.modelplane.generator.render.ScannerSkip;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds the views templates read from the cluster plans and the platform's constants. */
public final class Views {
  /** The one message both targets fail with when the InfiniBand feature is not registered. */
  static final String FEATURE_MISSING_MESSAGE =
      "The subscription feature "
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

  public static final PlatformView PLATFORM = platform();

  /** What the default pool is when the spec declares no System pool, for its comments. */
  static final String INJECTED_PURPOSE =
      "the default pool upstream Modelplane injects, not declared in spec.nodePools (no pool there"
          + " has role System)";

  private Views() {}

  public static ClusterView cluster(ClusterPlan plan) {
    AksCluster cluster = plan.cluster();
    AzureNames names = plan.names();
    List<PoolView> additional = new ArrayList<>();
    String previous = null;
    for (PoolPlan pool : plan.additionalPools()) {
      PoolView view = pool(pool, previous);
      additional.add(view);
      previous = view.module().bicepSymbol();
    }
    PoolView defaultPool = pool(plan.defaultPool(), null);
    List<PoolView> infiniband = new ArrayList<>();
    if (defaultPool.infiniband()) {
      infiniband.add(defaultPool);
    }
    additional.stream().filter(PoolView::infiniband).forEach(infiniband::add);
    boolean operator = plan.needsInfiniBand();
    return new ClusterView(
        new ClusterView.Source(
            cluster.source().displayPath(),
            cluster.source().documentIndex() + 1,
            cluster.qualifiedName()),
        cluster.spec().location(),
        cluster.spec().kubernetesVersion(),
        new ClusterView.Names(
            names.resourceGroup(),
            names.nodeResourceGroup(),
            names.virtualNetwork(),
            names.subnet(),
            names.cluster(),
            names.dnsPrefix(),
            InClusterInstaller.identityName(names),
            Naming.deploymentStack(cluster.namespace(), cluster.name())),
        new ClusterView.Network(
            cluster.spec().networking().vnetCidr(),
            cluster.spec().networking().subnetCidr(),
            Networking.POD_CIDR,
            Networking.SERVICE_CIDR,
            Networking.DNS_SERVICE_IP,
            cluster
                .spec()
                .networking()
                .existingSubnet()
                .map(
                    s ->
                        new ClusterView.ExistingSubnet(
                            s.id(),
                            s.subscriptionId(),
                            s.resourceGroup(),
                            s.virtualNetwork(),
                            s.subnet(),
                            sharedGroupDeployments(cluster)))
                .orElse(null)),
        defaultPool,
        additional,
        new ClusterView.Components(
            operator,
            infiniband,
            cluster.spec().installsGpuStack() ? cluster.spec().gpuStack().yamlName() : "",
            cluster.spec().installsGpuStack() && cluster.spec().gpuStack() == GpuStack.DRA,
            cluster.spec().hasMigPool(),
            (cluster.spec().hasMigPool()
                    ? InClusterViews.GpuModule.DEVICE_PLUGIN_MIG
                    : InClusterViews.GpuModule.DEVICE_PLUGIN)
                .folder()),
        plan.storageClassName(),
        cluster.spec().privateEndpoint(),
        InClusterViews.runCommand(plan),
        cluster.spec().tags().entrySet().stream()
            .map(tag -> new PoolView.Label(tag.getKey(), tag.getValue()))
            .toList(),
        cluster.spec().workloadIdentity(),
        new ClusterView.Authentication(
            cluster.spec().authentication().entraId(),
            cluster.spec().authentication().mode().yamlName(),
            cluster.spec().authentication().adminGroupObjectIds(),
            cluster.spec().authentication().entraId() && cluster.spec().privateEndpoint()),
        cluster.spec().authorizedIpRanges(),
        cluster.spec().maintenance().map(Views::maintenance).orElse(null));
  }

  /** This cluster's deployments in the resource groups of its existing subnet and route table. */
  private static ClusterView.SharedGroupDeployments sharedGroupDeployments(AksCluster cluster) {
    return new ClusterView.SharedGroupDeployments(
        Naming.sharedGroupDeployment("existing-subnet", cluster.namespace(), cluster.name()),
        Naming.sharedGroupDeployment("route-table-role", cluster.namespace(), cluster.name()),
        Naming.sharedGroupDeployment(
            "route-table-role-assignment", cluster.namespace(), cluster.name()));
  }

  /** {@code spec.maintenance} with each window the YAML leaves out the platform's. */
  static ClusterView.Maintenance maintenance(Maintenance maintenance) {
    return new ClusterView.Maintenance(
        maintenance.nodeOsUpgradeChannel().yamlName(),
        maintenance
            .autoUpgradeWindow()
            .map(w -> window(Platform.MAINTENANCE_AUTO_UPGRADE, w))
            .orElseGet(
                () ->
                    window(
                        Platform.MAINTENANCE_AUTO_UPGRADE,
                        Platform.MAINTENANCE_AUTO_UPGRADE_START)),
        maintenance
            .nodeOsWindow()
            .map(w -> window(Platform.MAINTENANCE_NODE_OS, w))
            .orElseGet(
                () -> window(Platform.MAINTENANCE_NODE_OS, Platform.MAINTENANCE_NODE_OS_START)));
  }

  private static PlatformView.Window window(String name, Maintenance.Window window) {
    return new PlatformView.Window(
        name,
        Platform.MAINTENANCE_FREQUENCY,
        Platform.MAINTENANCE_INTERVAL_WEEKS,
        window.dayOfWeek(),
        window.startTime(),
        window.utcOffset(),
        window.durationHours());
  }

  /**
   * Every setting of the property table as the templates declare it, in table order; the CRD's enum
   * of each is what the Bicep parameters allow.
   */
  public static final List<SettingView> SETTINGS = settingViews();

  private static List<SettingView> settingViews() {
    List<SettingView> views = new ArrayList<>();
    for (Property property : PropertyTable.bundled().settings()) {
      views.add(setting(views.size(), property));
    }
    return List.copyOf(views);
  }

  private static SettingView setting(int position, Property property) {
    Setting setting = property.setting().orElseThrow();
    String name = property.name();
    boolean string = setting.quoted();
    List<String> allowed = new ArrayList<>();
    CrdSchema.bundled()
        .field(property.field())
        .path("enum")
        .forEach(value -> allowed.add(value.asText()));
    return new SettingView(
        position,
        name,
        property.terraform(),
        property.bicep(),
        string ? "string" : "number",
        string ? "string" : "int",
        string,
        setting.required(),
        allowed,
        setting.description(),
        setting.defaultPoolDescription());
  }

  /** The optional settings the pool sets, in table order: the ones the templates list. */
  private static List<SettingView.Value> settings(PoolSettings values) {
    return SETTINGS.stream()
        .filter(setting -> !setting.required())
        .flatMap(
            setting ->
                values
                    .get(setting.name())
                    .map(value -> new SettingView.Value(setting, value))
                    .stream())
        .toList();
  }

  /** The required settings' values by field name: the ones the templates place. */
  private static Map<String, String> required(PoolSettings values) {
    Map<String, String> required = new LinkedHashMap<>();
    for (SettingView setting : SETTINGS) {
      if (setting.required()) {
        required.put(
            setting.name(),
            values
                .get(setting.name())
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "the CRD defaults every required setting, but "
                                + setting.name()
                                + " is unset")));
      }
    }
    return required;
  }

  static PoolView pool(PoolPlan plan, String previousBicepSymbol) {
    boolean gpu = plan.pool().isGpu();
    List<PoolView.Label> labels = new ArrayList<>();
    plan.labels().forEach((key, value) -> labels.add(new PoolView.Label(key, value)));
    // Addresses, symbols and file names use the identifier, safe whatever the (unvalidated) name.
    boolean spot = plan.pool().isSpot();
    String terraformModule = spot ? PoolPlan.SPOT_TERRAFORM_MODULE : PoolPlan.TERRAFORM_MODULE;
    String bicepModule = spot ? PoolPlan.SPOT_BICEP_MODULE : PoolPlan.BICEP_MODULE;
    PoolView.Module module =
        gpu
            ? new PoolView.Module(
                "node_pool_" + plan.identifier(),
                terraformModule,
                "modGpuPool_" + plan.identifier(),
                spot
                    ? "a GPU pool on Azure Spot VMs with the AKS-managed NVIDIA driver"
                    : "a GPU pool with the AKS-managed NVIDIA driver",
                bicepModule)
            : new PoolView.Module(
                "node_pool_" + plan.identifier(),
                terraformModule,
                "modSystemPool_" + plan.identifier(),
                plan.pool().injected() ? INJECTED_PURPOSE : "a further System pool",
                bicepModule);
    return new PoolView(
        plan.name(),
        plan.identifier(),
        plan.pool().index(),
        plan.pool().path(),
        plan.pool().injected(),
        plan.mode(),
        gpu,
        plan.pool().isInfiniBand(),
        plan.pool().vmSize(),
        required(plan.pool().settings()),
        plan.pool().nodeCount(),
        plan.pool().autoscalerMin(),
        plan.pool().maxNodeCount(),
        plan.pool().zones(),
        labels,
        plan.taints(),
        plan.installGpuDriver() ? Platform.GPU_DRIVER_INSTALL : Platform.GPU_DRIVER_NONE,
        plan.rotationName(),
        module,
        previousBicepSymbol == null ? List.of() : List.of(previousBicepSymbol),
        settings(plan.pool().settings()),
        spot,
        spot ? Platform.SPOT_EVICTION_POLICY : null,
        spot
            ? plan.pool()
                .spotMaxPrice()
                .map(price -> price.stripTrailingZeros().toPlainString())
                .orElse(Platform.SPOT_MAX_PRICE_DEFAULT)
            : null,
        plan.pool().gpu().flatMap(GpuConfig::migProfile).orElse(null),
        plan.maxSurge().orElse(null),
        plan.maxUnavailable().orElse(null),
        spot ? null : plan.maxSurge().orElse(Platform.GPU_MAX_SURGE),
        plan.drainTimeoutMinutes().orElse(null),
        plan.pool().upgrade().isPresent());
  }

  private static PlatformView platform() {
    return new PlatformView(
        new PlatformView.Versions(
            ProviderVersions.TERRAFORM,
            ProviderVersions.AZURERM,
            ProviderVersions.HELM,
            ProviderVersions.KUBERNETES,
            ProviderVersions.AZAPI,
            ProviderVersions.TERRAFORM_WRITE_ONLY,
            ProviderVersions.AZAPI_SENSITIVE_BODY),
        new PlatformView.ApiVersions(
            ArmApiVersions.MANAGED_CLUSTERS,
            ArmApiVersions.MANAGED_CLUSTERS_AZAPI,
            ArmApiVersions.RESOURCE_GROUPS,
            ArmApiVersions.VIRTUAL_NETWORKS,
            ArmApiVersions.FEATURE_REGISTRATIONS,
            ArmApiVersions.DEPLOYMENT_SCRIPTS,
            ArmApiVersions.USER_ASSIGNED_IDENTITIES,
            ArmApiVersions.ROLE_ASSIGNMENTS,
            ArmApiVersions.ROLE_DEFINITIONS),
        new PlatformView.Limits(
            Naming.CLUSTER_MAX,
            Naming.POOL_NAME_MAX,
            CrdBounds.CIDR_MIN,
            CrdBounds.NODE_COUNT_MIN,
            Naming.DNS_PREFIX_MAX,
            Naming.NODE_RESOURCE_GROUP_MAX,
            Naming.VIRTUAL_NETWORK_MIN,
            Naming.VIRTUAL_NETWORK_MAX,
            Naming.SUBNET_MAX,
            Naming.IDENTITY_MIN,
            Naming.IDENTITY_MAX,
            Naming.DEPLOYMENT_MAX),
        FieldBounds.of(CrdSchema.bundled(), PropertyTable.bundled()),
        new PlatformView.NetworkProfile(
            Networking.NETWORK_PLUGIN,
            Networking.NETWORK_PLUGIN_MODE,
            Platform.NETWORK_POLICY,
            Platform.NETWORK_DATA_PLANE),
        Platform.MAX_PODS_PER_NODE,
        Platform.MAX_SURGE,
        Platform.GPU_MAX_SURGE,
        Platform.GPU_MAX_UNAVAILABLE,
        Platform.UPGRADE_CHANNEL,
        new PlatformView.Maintenance(
            window(Platform.MAINTENANCE_AUTO_UPGRADE, Platform.MAINTENANCE_AUTO_UPGRADE_START),
            window(Platform.MAINTENANCE_NODE_OS, Platform.MAINTENANCE_NODE_OS_START),
            Maintenance.NodeOsUpgradeChannel.NODE_IMAGE.yamlName()),
        Platform.NETWORK_CONTRIBUTOR_ROLE_ID,
        Platform.GPU_TAINT_KEY,
        new PlatformView.FeatureCheck(
            Platform.INFINIBAND_FEATURE_NAMESPACE,
            Platform.INFINIBAND_FEATURE,
            Platform.INFINIBAND_FEATURE_NAMESPACE + "/" + Platform.INFINIBAND_FEATURE,
            FEATURE_MISSING_MESSAGE),
        new PlatformView.StorageClass(
            ModelCacheSpec.PROVISIONER,
            ModelCacheSpec.SKU_NAME,
            ModelCacheSpec.PROTOCOL,
            ModelCacheSpec.MOUNT_OPTIONS,
            ModelCacheSpec.RECLAIM_POLICY,
            ModelCacheSpec.ALLOW_VOLUME_EXPANSION,
            ModelCacheSpec.VOLUME_BINDING_MODE),
        new PlatformView.Installer(
            InClusterInstaller.ROLE_ACTIONS,
            InClusterInstaller.AZ_CLI_VERSION,
            InClusterInstaller.COMMAND_DEADLINE_SECONDS,
            InClusterInstaller.POLL_SECONDS,
            InClusterInstaller.SUBMIT_ATTEMPTS,
            InClusterInstaller.SUBMIT_RETRY_SECONDS,
            InClusterInstaller.SCRIPT_TIMEOUT_MINUTES),
        new PlatformView.ScannerSkips(
            skips(ScannerSkip.CLUSTER),
            skips(ScannerSkip.CLUSTER.stream().filter(ScannerSkip::hasTrivyId).toList()),
            skips(ScannerSkip.PRIVATE_CLUSTER),
            skips(ScannerSkip.PRIVATE_CLUSTER.stream().filter(ScannerSkip::hasTrivyId).toList()),
            skips(ScannerSkip.NODE_POOL),
            skips(ScannerSkip.VIRTUAL_NETWORK),
            skips(ScannerSkip.SUBNET)),
        new PlatformView.EntraId(
            Platform.AKS_ENTRA_SERVER_APP_ID,
            Platform.KUBELOGIN_LOGIN,
            Platform.KUBELOGIN_EXEC_API_VERSION,
            Platform.RBAC_CLUSTER_ADMIN_ROLE_ID,
            Platform.RUN_COMMAND_TOKEN_VARIABLE));
  }

  private static PlatformView.Window window(String name, String startTime) {
    return new PlatformView.Window(
        name,
        Platform.MAINTENANCE_FREQUENCY,
        Platform.MAINTENANCE_INTERVAL_WEEKS,
        Platform.MAINTENANCE_DAY,
        startTime,
        Platform.MAINTENANCE_UTC_OFFSET,
        Platform.MAINTENANCE_DURATION_HOURS);
  }

  private static List<PlatformView.Skip> skips(List<ScannerSkip> skips) {
    return skips.stream()
        .map(s -> new PlatformView.Skip(s.checkovId(), s.trivyId(), s.reason()))
        .toList();
  }
}
