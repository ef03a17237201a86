package ai.modelplane.generator.plan;

import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.model.PoolUpgrade;
import ai.modelplane.generator.platform.Platform;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;

/**
 * What the generated code sets on one AKS agent pool, derived once so that Terraform, Bicep and the
 * drift checker agree.
 *
 * @param pool the spec pool
 * @param mode {@code System} or {@code User}, as AKS spells it
 * @param labels node labels, sorted by key
 * @param taints node taints as {@code key=value:Effect}, sorted
 * @param rotationName temporary pool name AKS uses while it replaces the pool
 * @param installGpuDriver whether AKS installs the NVIDIA driver ({@code gpu_driver = "Install"})
 */
public record PoolPlan(
    NodePool pool,
    String mode,
    SortedMap<String, String> labels,
    List<String> taints,
    String rotationName,
    boolean installGpuDriver) {
  /**
   * The Terraform module every further pool calls, whatever its role, so that a pool keeps its
   * state address when its role changes.
   */
  public static final String TERRAFORM_MODULE = "node-pool";

  /**
   * The Terraform module of a Spot pool: the node-pool module's templates without upgrade settings
   * (azurerm v5.2.0 refuses max_surge and max_unavailable on Spot pools, and an empty block would
   * send a zero drain timeout) and with the Spot arguments. A pool moving between Regular and Spot
   * keeps its module block's address, and is recreated either way (priority is ForceNew).
   */
  public static final String SPOT_TERRAFORM_MODULE = "spot-node-pool";

  /** The Bicep module of every further Regular pool, and of Spot pools (same template). */
  public static final String BICEP_MODULE = "agentPool.bicep";

  public static final String SPOT_BICEP_MODULE = "spotAgentPool.bicep";

  private static final java.util.regex.Pattern PLAIN_NAME =
      java.util.regex.Pattern.compile("[a-z][a-z0-9]*");

  public PoolPlan {
    labels = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(labels));
    taints = List.copyOf(taints);
  }

  public String name() {
    return pool.name();
  }

  /**
   * The upgrade surge the output sets: the YAML's {@code upgrade.maxSurge}, else none where the
   * YAML sets {@code upgrade.maxUnavailable}, else {@link Platform#MAX_SURGE} on System pools and
   * none on GPU pools (never a surge GPU VM). Empty on Spot pools, which take no upgrade settings
   * (azurerm v5.2.0 kubernetes_cluster_node_pool_resource.go:103-109).
   */
  public Optional<String> maxSurge() {
    if (pool.isSpot()) {
      return Optional.empty();
    }
    Optional<PoolUpgrade> upgrade = pool.upgrade();
    Optional<String> set = upgrade.flatMap(PoolUpgrade::maxSurge);
    if (set.isPresent() || upgrade.flatMap(PoolUpgrade::maxUnavailable).isPresent()) {
      return set;
    }
    return pool.isGpu() ? Optional.empty() : Optional.of(Platform.MAX_SURGE);
  }

  /**
   * The nodes taken down at once that the output sets: the YAML's {@code upgrade.maxUnavailable},
   * else none where the YAML sets {@code upgrade.maxSurge}, else {@link
   * Platform#GPU_MAX_UNAVAILABLE} on GPU pools and none on System pools (AKS refuses it there).
   * Exactly one of this and {@link #maxSurge()} is present on a Regular pool.
   */
  public Optional<String> maxUnavailable() {
    if (pool.isSpot()) {
      return Optional.empty();
    }
    Optional<PoolUpgrade> upgrade = pool.upgrade();
    Optional<String> set = upgrade.flatMap(PoolUpgrade::maxUnavailable);
    if (set.isPresent() || upgrade.flatMap(PoolUpgrade::maxSurge).isPresent()) {
      return set;
    }
    return pool.isGpu() ? Optional.of(Platform.GPU_MAX_UNAVAILABLE) : Optional.empty();
  }

  /**
   * The drain timeout the YAML sets; empty when it leaves it out, and the output then sets none
   * (AKS's default applies).
   */
  public Optional<Integer> drainTimeoutMinutes() {
    return pool.isSpot()
        ? Optional.empty()
        : pool.upgrade().flatMap(PoolUpgrade::drainTimeoutMinutes);
  }

  /**
   * A name for this pool that is safe as a Terraform address or Bicep symbol and in a file name:
   * the pool name itself when it matches {@code [a-z][a-z0-9]*} (validation guarantees that), else
   * {@code pool_} plus 12 hex digits of its SHA-256, so unvalidated input can never break the
   * syntax.
   */
  public String identifier() {
    String name = pool.name();
    if (PLAIN_NAME.matcher(name).matches()) {
      return name;
    }
    try {
      byte[] digest =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return "pool_" + java.util.HexFormat.of().formatHex(digest).substring(0, 12);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java runtime", e);
    }
  }
}
