package ai.modelplane.generator.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * One entry of {@code spec.nodePools}, defaulted.
 *
 * @param index position in {@code spec.nodePools}, for {@code spec.nodePools[i]} provenance; {@code
 *     -1} for the injected default pool, which the spec does not declare
 * @param minNodeCount as written; see {@link #autoscalerMin()} for the effective value
 * @param zones empty when the YAML sets none
 * @param gpu present exactly when {@code role} is GPU
 * @param settings the fields both targets take as written (the property table's settings, such as
 *     {@code osSku}), as the YAML sets them or the CRD defaults them
 * @param priority {@code Regular} or {@code Spot} (a Modelplane extension, default Regular)
 * @param spotMaxPrice the Spot max price in US dollars per hour as written; empty when the YAML
 *     leaves it out
 * @param upgrade the pool's upgrade settings as written (a Modelplane extension); empty when the
 *     YAML leaves them to the generator's defaults
 */
public record NodePool(
    int index,
    String name,
    Role role,
    String vmSize,
    int nodeCount,
    Optional<Integer> minNodeCount,
    int maxNodeCount,
    Fabric fabric,
    Optional<GpuConfig> gpu,
    List<String> zones,
    PoolSettings settings,
    String priority,
    Optional<BigDecimal> spotMaxPrice,
    Optional<PoolUpgrade> upgrade) {
  /** {@code priority} of a pool on Azure Spot VMs. */
  public static final String SPOT = "Spot";

  /** {@code priority} of a pool on regular VMs, the default. */
  public static final String REGULAR = "Regular";

  public NodePool {
    zones = List.copyOf(zones);
  }

  /**
   * True for the default pool upstream Modelplane injects when no pool of the spec has role System
   * ({@link AksClusterSpec#upstreamDefaultPool()}), the one pool without a place in {@code
   * spec.nodePools}.
   */
  public boolean injected() {
    return index < 0;
  }

  /**
   * The autoscaler's lower bound. The CRD documents (and its CEL rules enforce) that an omitted
   * minNodeCount keeps one node.
   */
  public int autoscalerMin() {
    return minNodeCount.orElse(1);
  }

  /**
   * {@code spec.nodePools[i]}, the field path of this pool; {@code spec.nodePools} for the injected
   * default pool, which no entry declares.
   */
  public String path() {
    return injected() ? "spec.nodePools" : "spec.nodePools[" + index + "]";
  }

  public boolean isGpu() {
    return role == Role.GPU;
  }

  public boolean isSpot() {
    return priority.equals(SPOT);
  }

  public boolean isInfiniBand() {
    return fabric == Fabric.INFINIBAND;
  }
}
