package ai.modelplane.generator.plan;

import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.GpuComponentModuleView;
import ai.modelplane.generator.plan.view.NetworkOperatorModuleView;
import ai.modelplane.generator.platform.InClusterInstaller;
import ai.modelplane.generator.platform.NicClusterPolicySpec;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.text.DocumentWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-cluster model as the templates read it: a cluster's run commands (Bicep's, and a private
 * cluster's Terraform ones), and the Terraform nvidia-network-operator module's objects.
 */
public final class InClusterViews {
  private InClusterViews() {}

  /**
   * The commands and files of one cluster; the Terraform commands for private clusters only, as
   * nothing else renders them.
   */
  static ClusterView.RunCommand runCommand(ClusterPlan plan) {
    InClusterObjects objects = InClusterObjects.of(plan);
    String attached = InClusterCommands.converge(objects, InClusterCommands.Files.ATTACHED);
    if (plan.cluster().spec().authentication().entraId()) {
      attached = InClusterCommands.afterKubernetesRights(attached);
    }
    String files = DocumentWriter.json(InClusterCommands.attachedFiles(objects));
    if (!plan.cluster().spec().privateEndpoint()) {
      return new ClusterView.RunCommand("", "", "", "", attached, files);
    }
    InClusterCommands.Shell shell = InClusterCommands.shell(objects);
    return new ClusterView.RunCommand(
        InClusterCommands.CLUSTER_UID_VARIABLE,
        InClusterCommands.CLUSTER_MARKER_NAMESPACE + "/" + InClusterCommands.CLUSTER_MARKER,
        shell.converge(),
        shell.remove(),
        attached,
        files);
  }

  /**
   * The shared module's objects: the component as every InfiniBand cluster has it, its DaemonSets
   * tolerating the taint every GPU pool carries ({@link Platform#GPU_TAINT}, as {@link ClusterPlan}
   * sets it).
   */
  public static NetworkOperatorModuleView networkOperatorModule(String policyChartVersion) {
    InClusterComponent component =
        InClusterComponents.networkOperator(true, List.of(Platform.GPU_TAINT), true);
    HelmRelease withoutNodeFeatureDiscovery =
        release(InClusterComponents.networkOperator(true, List.of(Platform.GPU_TAINT), false));
    KubernetesManifest policy = manifest(component, InClusterInstaller.NIC_POLICY_RESOURCE);
    return new NetworkOperatorModuleView(
        Views.PLATFORM,
        policyChartVersion,
        namespaceView(component),
        releaseView(release(component)),
        DocumentWriter.yaml(withoutNodeFeatureDiscovery.values()),
        new NetworkOperatorModuleView.Policy(
            DocumentWriter.yaml(policy.tree()),
            NicClusterPolicySpec.DRIVER_VERSION,
            NicClusterPolicySpec.RDMA_PLUGIN_VERSION,
            NicClusterPolicySpec.RDMA_RESOURCE_NAME));
  }

  /** The GPU stack's modules, each named as its folder under modules/terraform. */
  public enum GpuModule {
    NODE_FEATURE_DISCOVERY("node-feature-discovery"),
    DRA_DRIVER("nvidia-dra-driver"),
    DEVICE_PLUGIN("nvidia-device-plugin"),
    /**
     * The device plugin of clusters with a MIG pool: the same chart, advertising MIG instances. A
     * module of its own, as a module's values are the same for every cluster calling it.
     */
    DEVICE_PLUGIN_MIG("nvidia-device-plugin-mig");

    private final String folder;

    GpuModule(String folder) {
      this.folder = folder;
    }

    public String folder() {
      return folder;
    }
  }

  /**
   * A GPU stack module's objects: the component as every cluster that calls it has it, its
   * DaemonSet tolerating the taint every GPU pool carries ({@link Platform#GPU_TAINT}) and the spot
   * taint.
   */
  public static GpuComponentModuleView gpuModule(GpuModule module) {
    List<String> taints = List.of(Platform.GPU_TAINT);
    InClusterComponent component =
        switch (module) {
          case NODE_FEATURE_DISCOVERY -> InClusterComponents.nodeFeatureDiscovery(true, taints);
          case DRA_DRIVER -> InClusterComponents.draDriver(true, taints);
          case DEVICE_PLUGIN -> InClusterComponents.devicePlugin(true, taints, false);
          case DEVICE_PLUGIN_MIG -> InClusterComponents.devicePlugin(true, taints, true);
        };
    return new GpuComponentModuleView(
        Views.PLATFORM,
        gpuStackComponent(component),
        Platform.DRA_DEVICE_CLASS,
        Platform.NVIDIA_PCI_LABEL,
        Platform.DEVICE_PLUGIN_RESOURCE);
  }

  private static GpuComponentModuleView.Component gpuStackComponent(InClusterComponent component) {
    return new GpuComponentModuleView.Component(
        namespaceView(component), releaseView(release(component)));
  }

  /** A component's namespace as a module declares it. */
  private static NetworkOperatorModuleView.Namespace namespaceView(InClusterComponent component) {
    KubernetesManifest namespace = manifest(component, InClusterComponents.NAMESPACE_RESOURCE);
    return new NetworkOperatorModuleView.Namespace(namespace.name(), labels(namespace));
  }

  /** A Helm release as a module's helm_release sets it, its values as YAML. */
  private static NetworkOperatorModuleView.Release releaseView(HelmRelease release) {
    return new NetworkOperatorModuleView.Release(
        release.name(),
        release.chart(),
        release.repository(),
        release.version(),
        release.timeoutSeconds(),
        DocumentWriter.yaml(release.values()));
  }

  private static List<NetworkOperatorModuleView.Label> labels(KubernetesManifest namespace) {
    List<NetworkOperatorModuleView.Label> labels = new ArrayList<>();
    namespace
        .tree()
        .path("metadata")
        .path("labels")
        .fields()
        .forEachRemaining(
            e ->
                labels.add(new NetworkOperatorModuleView.Label(e.getKey(), e.getValue().asText())));
    return labels;
  }

  private static HelmRelease release(InClusterComponent component) {
    return component.objects().stream()
        .filter(HelmRelease.class::isInstance)
        .map(HelmRelease.class::cast)
        .findFirst()
        .orElseThrow();
  }

  private static KubernetesManifest manifest(InClusterComponent component, String resource) {
    return component.objects().stream()
        .filter(KubernetesManifest.class::isInstance)
        .map(KubernetesManifest.class::cast)
        .filter(m -> m.resource().equals(resource))
        .findFirst()
        .orElseThrow();
  }
}
