package ai.modelplane.generator.model;

import java.util.List;
import java.util.Optional;

/** The {@code spec} of an AKSCluster after CRD defaults were applied. */
public record AksClusterSpec(
    String kubernetesVersion,
    String location,
    EndpointAccess endpointAccess,
    Networking networking,
    List<NodePool> nodePools) {
  public AksClusterSpec {
    java.util.Objects.requireNonNull(endpointAccess, "endpointAccess");
    nodePools = List.copyOf(nodePools);
  }

  /** A spec with the CRD's default endpoint access, Public. */
  public AksClusterSpec(
      String kubernetesVersion, String location, Networking networking, List<NodePool> nodePools) {
    this(kubernetesVersion, location, EndpointAccess.PUBLIC, networking, nodePools);
  }

  /**
   * True when the API server has only a private endpoint ({@code spec.endpointAccess: Private}).
   */
  public boolean privateEndpoint() {
    return endpointAccess == EndpointAccess.PRIVATE;
  }

  /**
   * The first System pool: the cluster's default (system) node pool. Validation guarantees one
   * exists.
   */
  public NodePool defaultPool() {
    return nodePools.stream()
        .filter(p -> p.role() == Role.SYSTEM)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("validated spec without a System pool"));
  }

  /** Every pool except {@link #defaultPool()}, in spec order. */
  public List<NodePool> additionalPools() {
    NodePool first = defaultPool();
    return nodePools.stream().filter(p -> p != first).toList();
  }

  public List<NodePool> gpuPools() {
    return nodePools.stream().filter(p -> p.role() == Role.GPU).toList();
  }

  /** True when any pool asks for InfiniBand, which brings the NVIDIA network operator. */
  public boolean needsInfiniBand() {
    return nodePools.stream().anyMatch(p -> p.fabric() == Fabric.INFINIBAND);
  }

  public Optional<NodePool> pool(String name) {
    return nodePools.stream().filter(p -> p.name().equals(name)).findFirst();
  }
}
