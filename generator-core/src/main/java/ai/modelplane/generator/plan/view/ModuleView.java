package ai.modelplane.generator.plan.view;

import java.util.Comparator;
import java.util.List;

/**
 * What a shared module's file reads: only the facts every cluster shares.
 *
 * @param privateEndpoint true for the cluster module of private clusters ({@code
 *     spec.endpointAccess: Private}), rendered from the same templates into a module of its own, so
 *     that the module every public cluster calls stays as it is
 * @param tags true when some cluster of the run sets {@code spec.tags}: the modules then take the
 *     tags as an input (empty by default), and the output of a run without tags stays as it was
 * @param workloadIdentity true when some cluster of the run sets {@code spec.workloadIdentity}: the
 *     cluster modules then take it as an input (false by default), as for tags
 * @param entraId true when some cluster of the run sets {@code spec.authentication.mode: EntraID}:
 *     the cluster modules then take its admin groups as an input (null, local accounts, by default)
 * @param settings the property table's settings some pool of the run sets (such as {@code osSku}),
 *     in table order: the pool and cluster modules then take each as an optional input (null by
 *     default, which leaves it to AKS), as for tags
 * @param migProfile true when some pool of the run sets {@code gpu.migProfile}: the pool modules
 *     then take it as an optional input (null by default: whole GPUs), as for tags
 * @param spotPool true for the pool module of Spot pools, rendered from the pool module's templates
 *     into a module of its own (Spot arguments, no upgrade settings), so that the module every
 *     Regular pool calls stays as it is
 * @param authorizedIpRanges true when some cluster of the run sets {@code
 *     spec.apiServer.authorizedIpRanges}: the public cluster module then takes them as an input
 *     (empty by default), as for tags
 * @param existingSubnet true when some cluster of the run sets {@code spec.networking.subnetId}:
 *     the cluster modules then output the cluster identity's principal ID (for the role on the
 *     subnet's route table) and, in Bicep, leave the role on the subnet to the existing-subnet
 *     module
 * @param maintenance true when some cluster of the run sets {@code spec.maintenance}: the cluster
 *     modules then take the node OS channel and both windows as inputs (the platform's windows and
 *     NodeImage by default), as for tags
 * @param upgradeSettings true when some pool of the run sets {@code upgrade}: the pool modules then
 *     take a drain timeout (null by default, AKS's default) and the cluster module the default
 *     pool's surge (its platform value by default) and drain timeout, as for tags
 */
public record ModuleView(
    PlatformView platform,
    boolean privateEndpoint,
    boolean tags,
    boolean workloadIdentity,
    boolean entraId,
    List<SettingView> settings,
    boolean migProfile,
    boolean spotPool,
    boolean authorizedIpRanges,
    boolean existingSubnet,
    boolean maintenance,
    boolean upgradeSettings) {
  public ModuleView(PlatformView platform) {
    this(platform, false, false, false, false, List.of(), false, false, false, false, false, false);
  }

  /** The module view of a run of {@code clusters}, for the public or the private cluster module. */
  public static ModuleView of(
      PlatformView platform, boolean privateEndpoint, List<ClusterView> clusters) {
    return of(platform, privateEndpoint, false, clusters);
  }

  /**
   * The module view of a run of {@code clusters}, for the public or the private cluster module and
   * the Regular or the Spot pool module.
   */
  public static ModuleView of(
      PlatformView platform,
      boolean privateEndpoint,
      boolean spotPool,
      List<ClusterView> clusters) {
    return new ModuleView(
        platform,
        privateEndpoint,
        clusters.stream().anyMatch(cluster -> !cluster.tags().isEmpty()),
        clusters.stream().anyMatch(ClusterView::workloadIdentity),
        clusters.stream().anyMatch(cluster -> cluster.authentication().entraId()),
        clusters.stream()
            .flatMap(cluster -> cluster.allPools().stream())
            .flatMap(pool -> pool.settings().stream())
            .map(SettingView.Value::setting)
            .distinct()
            .sorted(Comparator.comparingInt(SettingView::position))
            .toList(),
        clusters.stream()
            .flatMap(cluster -> cluster.allPools().stream())
            .anyMatch(pool -> pool.migProfile() != null),
        spotPool,
        clusters.stream().anyMatch(cluster -> !cluster.authorizedIpRanges().isEmpty()),
        clusters.stream().anyMatch(cluster -> cluster.network().existingSubnet() != null),
        clusters.stream().anyMatch(cluster -> cluster.maintenance() != null),
        clusters.stream()
            .flatMap(cluster -> cluster.allPools().stream())
            .anyMatch(PoolView::upgradeInYaml));
  }
}
