package ai.modelplane.generator.plan.view;

/**
 * What a file of either Terraform root of a cluster reads: the infrastructure root (network,
 * cluster, pools) or the in-cluster root (what runs inside the cluster), which is applied after it.
 *
 * @param cluster the cluster
 * @param modules from this root to the shared Terraform modules, with a trailing {@code /}
 * @param roots where both roots of the cluster are
 * @param platform the shared facts
 */
public record TerraformRootView(
    ClusterView cluster, String modules, Roots roots, PlatformView platform) {
  /**
   * @param infrastructure the infrastructure root, relative to the output folder, without a
   *     trailing {@code /}
   * @param inCluster the in-cluster root, relative to the output folder, without a trailing {@code
   *     /}
   * @param toInCluster from the infrastructure root to the in-cluster root
   * @param toInfrastructure from the in-cluster root to the infrastructure root
   */
  public record Roots(
      String infrastructure, String inCluster, String toInCluster, String toInfrastructure) {}
}
