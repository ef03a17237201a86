package ai.modelplane.generator.plan.view;

import java.util.List;

/**
 * What a file of the nvidia-network-operator module reads: the shared facts, the component's
 * objects as the in-cluster model holds them, and the version of its local NicClusterPolicy chart.
 *
 * @param platform the shared facts
 * @param policyChartVersion {@code 1.0.0+<digest>}, derived from the chart's rendered policy so
 *     that a changed policy is a new chart version, which the helm provider plans as an upgrade (it
 *     does not compare a local chart's templates)
 * @param namespace the operator's namespace
 * @param release the operator's Helm release, with the operator's own node-feature-discovery
 * @param externalNodeFeatureDiscoveryValuesYaml the release's values where the GPU stack's
 *     node-feature-discovery serves the operator (its own one off)
 * @param policy the NicClusterPolicy
 */
public record NetworkOperatorModuleView(
    PlatformView platform,
    String policyChartVersion,
    Namespace namespace,
    Release release,
    String externalNodeFeatureDiscoveryValuesYaml,
    Policy policy) {

  /** A namespace and its labels. */
  public record Namespace(String name, List<Label> labels) {
    public Namespace {
      labels = List.copyOf(labels);
    }
  }

  /** A Kubernetes label. */
  public record Label(String key, String value) {}

  /**
   * A Helm release of a repository chart.
   *
   * @param valuesYaml its values, as the document writer writes them
   */
  public record Release(
      String name,
      String chart,
      String repository,
      String version,
      int timeoutSeconds,
      String valuesYaml) {}

  /**
   * The NicClusterPolicy.
   *
   * @param yaml the object, as the document writer writes it
   * @param driverVersion the DOCA driver's image tag
   * @param rdmaPluginVersion the RDMA shared device plugin's image tag
   * @param rdmaResourceName what pods request, under {@code rdma/}
   */
  public record Policy(
      String yaml, String driverVersion, String rdmaPluginVersion, String rdmaResourceName) {}
}
