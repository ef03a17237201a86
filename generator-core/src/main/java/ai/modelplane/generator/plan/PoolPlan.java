package ai.modelplane.generator.plan;

import ai.modelplane.generator.model.NodePool;
import java.util.List;
import java.util.SortedMap;

/**
 * What the generated code sets on one AKS agent pool, derived once so that Terraform, Bicep and
 * the drift checker agree.
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
  public PoolPlan {
    labels = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(labels));
    taints = List.copyOf(taints);
  }

  public String name() {
    return pool.name();
  }
}
