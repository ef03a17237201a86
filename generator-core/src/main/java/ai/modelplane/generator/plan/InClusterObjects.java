package ai.modelplane.generator.plan;

import ai.modelplane.generator.model.GpuStack;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one cluster holds besides its nodes, built once as data and serialised by every target: the
 * Terraform in-cluster root (Helm releases, manifests), the AKS run command of the Bicep output and
 * of a private cluster's Terraform root. A component is listed whether or not the cluster needs it,
 * so that the run command can remove what the cluster no longer needs.
 *
 * @param components in install order; removal runs them the other way round
 */
public record InClusterObjects(List<InClusterComponent> components) {
  public InClusterObjects {
    components = List.copyOf(components);
    Set<String> files = new HashSet<>();
    for (InClusterComponent component : components) {
      for (InClusterObject object : component.objects()) {
        if (!files.add(object.file())) {
          throw new IllegalArgumentException(
              "two in-cluster objects share the file " + object.file());
        }
      }
    }
  }

  /** The components of {@code plan}'s cluster; a new component is one more line here. */
  public static InClusterObjects of(ClusterPlan plan) {
    GpuStack stack = plan.cluster().spec().gpuStack();
    boolean installed = plan.cluster().spec().installsGpuStack();
    List<String> taints = gpuTaints(plan);
    // NFD before the network operator, whose NodeFeatureRule needs NFD's CRD.
    return new InClusterObjects(
        List.of(
            InClusterComponents.modelCache(plan.storageClassName()),
            InClusterComponents.nodeFeatureDiscovery(installed, taints),
            InClusterComponents.networkOperator(
                plan.needsInfiniBand(), infinibandTaints(plan), !installed),
            InClusterComponents.draDriver(installed && stack == GpuStack.DRA, taints),
            InClusterComponents.devicePlugin(
                installed && stack == GpuStack.DEVICE_PLUGIN,
                taints,
                plan.cluster().spec().hasMigPool())));
  }

  /** The components the cluster needs. */
  public List<InClusterComponent> present() {
    return components.stream().filter(InClusterComponent::present).toList();
  }

  /**
   * The taints of the InfiniBand pools, the nodes the network operator's DaemonSets run on (all of
   * them GPU pools, none of them Spot: the CRD refuses Spot InfiniBand pools).
   */
  static List<String> infinibandTaints(ClusterPlan plan) {
    List<String> taints = new ArrayList<>();
    plan.gpuPools().stream()
        .filter(pool -> pool.pool().isInfiniBand())
        .forEach(pool -> taints.addAll(pool.taints()));
    return taints;
  }

  /** The taints of the GPU pools (the Spot taint included), which GPU DaemonSets tolerate. */
  static List<String> gpuTaints(ClusterPlan plan) {
    List<String> taints = new ArrayList<>();
    plan.gpuPools().forEach(pool -> taints.addAll(pool.taints()));
    return taints;
  }
}
