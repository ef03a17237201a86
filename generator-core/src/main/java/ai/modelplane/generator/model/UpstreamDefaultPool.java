package ai.modelplane.generator.model;

import java.util.List;
import java.util.Optional;

/**
 * The default System pool upstream Modelplane injects into every AKS cluster, generated here when
 * no pool of the spec has role System. Upstream's composition composes every pool of the spec as a
 * User pool and gives the cluster this pool as its default node pool, so its manifests (the ones
 * its {@code InferenceCluster} composes) declare only GPU pools.
 *
 * <p>Every value is read in {@code modelplaneai/modelplane} at commit {@code
 * 90ba117d8e586c6814e4215e2b4d3a019f492305} (2026-08-14, cfg v0.3.1), file {@code
 * functions/compose-aks-cluster/function/fn.py}; docs/facts/upstream-default-pool.md lists them
 * with their lines:
 *
 * <ul>
 *   <li>name {@code system} (line 75), VM size {@code Standard_D4s_v5} (line 76), autoscaling on
 *       (line 342) from 1 (line 77) to 2 (line 78) nodes, OS disk 100 GB (line 79), temporary
 *       rotation name {@code systemtmp} (line 83), which {@code Naming} derives for {@code system}
 *       as well, node label {@code modelplane.ai/pool=system} (line 347, which the plan sets on
 *       every pool), mode System (the cluster's default node pool, lines 339-351);
 *   <li>no zones, taints, GPU settings or initial node count (lines 339-351 set none): the initial
 *       count is generated as the lower bound, 1.
 * </ul>
 */
public final class UpstreamDefaultPool {
  /** {@code _SYSTEM_POOL_NAME}, fn.py line 75. */
  public static final String NAME = "system";

  /** {@code _SYSTEM_POOL_VM_SIZE}, fn.py line 76. */
  public static final String VM_SIZE = "Standard_D4s_v5";

  /** {@code _SYSTEM_POOL_MIN_NODE_COUNT}, fn.py line 77. */
  public static final int MIN_NODE_COUNT = 1;

  /** {@code _SYSTEM_POOL_MAX_NODE_COUNT}, fn.py line 78. */
  public static final int MAX_NODE_COUNT = 2;

  /** {@code _SYSTEM_POOL_DISK_SIZE_GB}, fn.py line 79. */
  public static final int DISK_SIZE_GB = 100;

  /**
   * {@code _SYSTEM_POOL_ROTATION_NAME}, fn.py line 83; the generator derives the same name from
   * {@link #NAME} ({@code Naming}), which a test checks.
   */
  public static final String ROTATION_NAME = "systemtmp";

  /**
   * The injected pool. Upstream sets no initial count (autoscaling from {@link #MIN_NODE_COUNT}),
   * so the initial count is the lower bound.
   */
  public static final NodePool POOL =
      new NodePool(
          -1,
          NAME,
          Role.SYSTEM,
          VM_SIZE,
          MIN_NODE_COUNT,
          Optional.of(MIN_NODE_COUNT),
          MAX_NODE_COUNT,
          Fabric.NONE,
          Optional.empty(),
          List.of(),
          new PoolSettings(java.util.Map.of("diskSizeGb", Integer.toString(DISK_SIZE_GB))),
          NodePool.REGULAR,
          Optional.empty(),
          Optional.empty());

  private UpstreamDefaultPool() {}
}
