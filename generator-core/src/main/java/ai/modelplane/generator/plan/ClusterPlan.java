package ai.modelplane.generator.plan;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.platform.Platform;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything a renderer needs about one cluster, derived from the model in Java so that templates
 * hold layout only.
 *
 * @param cluster the validated cluster
 * @param names the Azure names from {@link Naming}
 * @param defaultPool the first System pool, rendered as the cluster's default (system) pool
 * @param additionalPools every other pool, in spec order (further System pools and all GPU pools)
 * @param storageClassName the ReadWriteMany StorageClass for ModelCache
 */
public record ClusterPlan(
    AksCluster cluster,
    AzureNames names,
    PoolPlan defaultPool,
    List<PoolPlan> additionalPools,
    String storageClassName) {
  public ClusterPlan {
    additionalPools = List.copyOf(additionalPools);
  }

  public static ClusterPlan of(AksCluster cluster) {
    AzureNames names = cluster.names();
    NodePool first = cluster.spec().defaultPool();
    List<PoolPlan> others = new ArrayList<>();
    for (NodePool pool : cluster.spec().additionalPools()) {
      others.add(poolPlan(pool, names));
    }
    return new ClusterPlan(
        cluster, names, poolPlan(first, names), others, Naming.CACHE_STORAGE_CLASS);
  }

  /**
   * The decisions every output reads, as the templates see them; drift compares live Azure against
   * the same record, so that nothing re-derives what the generated code sets.
   */
  public ClusterView view() {
    return Views.cluster(this);
  }

  /** Every pool, the default pool first. */
  public List<PoolPlan> allPools() {
    List<PoolPlan> all = new ArrayList<>();
    all.add(defaultPool);
    all.addAll(additionalPools);
    return all;
  }

  public List<PoolPlan> gpuPools() {
    return additionalPools.stream().filter(p -> p.pool().isGpu()).toList();
  }

  /** Further System pools (not the default one). */
  public List<PoolPlan> extraSystemPools() {
    return additionalPools.stream().filter(p -> !p.pool().isGpu()).toList();
  }

  /** True when the NVIDIA network operator and the feature check are part of the output. */
  public boolean needsInfiniBand() {
    return cluster.spec().needsInfiniBand();
  }

  /** The AKS agent pool mode of a role: {@code System} or {@code User}. */
  static String mode(Role role) {
    return role == Role.SYSTEM ? "System" : "User";
  }

  static PoolPlan poolPlan(NodePool pool, AzureNames names) {
    SortedMap<String, String> labels = new TreeMap<>();
    labels.put(Platform.POOL_LABEL, pool.name());
    List<String> taints = new ArrayList<>();
    pool.gpu().ifPresent(gpu -> labels.put(Platform.GPU_LABEL, gpu.acceleratorType()));
    if (pool.isInfiniBand()) {
      labels.put(Platform.FABRIC_LABEL, Platform.FABRIC_INFINIBAND_VALUE);
    }
    if (pool.isGpu()) {
      taints.add(Platform.GPU_TAINT);
    }
    if (pool.isSpot()) {
      labels.put(Platform.SPOT_LABEL, Platform.SPOT_LABEL_VALUE);
      taints.add(Platform.SPOT_TAINT);
    }
    String mode = mode(pool.role());
    return new PoolPlan(pool, mode, labels, taints, names.rotationName(pool.name()), pool.isGpu());
  }
}
