package ai.modelplane.generator.emit;

import ai.modelplane.generator.plan.view.ClusterView;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The modules a run shares between its clusters. The one file policy of every target: a module is
 * written when some cluster in the output calls it, and only then.
 */
enum SharedModule {
  NETWORK,
  CLUSTER,
  /**
   * The cluster module of private clusters: the same templates, with the private API server
   * settings.
   */
  PRIVATE_CLUSTER,
  MODEL_CACHE,
  /** A further pool, GPU or System: one module for both, in each target. */
  NODE_POOL,
  /** A further pool on Azure Spot VMs: the pool module's templates, with the Spot settings. */
  SPOT_NODE_POOL,
  NETWORK_OPERATOR,
  /** The GPU stack's releases (Terraform of public clusters; the run command elsewhere). */
  NODE_FEATURE_DISCOVERY,
  DRA_DRIVER,
  DEVICE_PLUGIN,
  /** The device plugin of clusters with a MIG pool (migStrategy set). */
  DEVICE_PLUGIN_MIG,
  /** The resource group alone, for a cluster on an existing subnet (no network module then). */
  RESOURCE_GROUP,
  /**
   * What a cluster on an existing subnet needs there: the roles on the subnet and its route table.
   */
  EXISTING_SUBNET;

  /** The modules some of {@code clusters} call, in declaration order; none for no cluster. */
  static Set<SharedModule> usedBy(List<ClusterView> clusters) {
    Set<SharedModule> used = EnumSet.noneOf(SharedModule.class);
    for (ClusterView cluster : clusters) {
      if (cluster.network().existingSubnet() == null) {
        used.add(NETWORK);
      } else {
        used.add(RESOURCE_GROUP);
        used.add(EXISTING_SUBNET);
      }
      used.add(cluster.privateEndpoint() ? PRIVATE_CLUSTER : CLUSTER);
      used.add(MODEL_CACHE);
      for (var pool : cluster.additionalPools()) {
        used.add(pool.spot() ? SPOT_NODE_POOL : NODE_POOL);
      }
      if (cluster.components().networkOperator()) {
        used.add(NETWORK_OPERATOR);
      }
      if (cluster.components().gpuStackInstalled()) {
        used.add(NODE_FEATURE_DISCOVERY);
        if (cluster.components().draDriver()) {
          used.add(DRA_DRIVER);
        } else {
          used.add(cluster.components().migSlices() ? DEVICE_PLUGIN_MIG : DEVICE_PLUGIN);
        }
      }
    }
    return used;
  }
}
