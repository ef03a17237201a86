package ai.modelplane.generator.model;

import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code spec} of an AKSCluster after CRD defaults were applied.
 *
 * @param nodePools the pools {@code spec.nodePools} declares, in spec order; the default pool
 *     upstream Modelplane injects when none has role System is not among them (see {@link
 *     #defaultPool()} and {@link #allPools()})
 * @param tags {@code spec.tags}, Azure tag name to value, in name order (so the generated code does
 *     not depend on the order of the YAML); empty when the spec sets none
 * @param workloadIdentity {@code spec.workloadIdentity}
 * @param authentication {@code spec.authentication}; {@link Authentication#LOCAL_ACCOUNTS} when the
 *     spec leaves it out
 * @param gpuStack {@code spec.gpuStack}, {@link GpuStack#DRA} when the spec leaves it out
 * @param authorizedIpRanges {@code spec.apiServer.authorizedIpRanges}, in the YAML's order; empty
 *     when the spec sets none (the public API server then accepts any address)
 * @param maintenance {@code spec.maintenance}; empty when the spec leaves it out, which keeps the
 *     generator's own windows and AKS's default node OS channel
 * @param upstreamDefaultPool the default System pool upstream Modelplane injects, which the cluster
 *     gets when no pool of the spec has role System (bound from the property table's values)
 */
public record AksClusterSpec(
    String kubernetesVersion,
    String location,
    EndpointAccess endpointAccess,
    Networking networking,
    List<NodePool> nodePools,
    SortedMap<String, String> tags,
    boolean workloadIdentity,
    Authentication authentication,
    GpuStack gpuStack,
    List<String> authorizedIpRanges,
    Optional<Maintenance> maintenance,
    NodePool upstreamDefaultPool) {
  public AksClusterSpec {
    java.util.Objects.requireNonNull(upstreamDefaultPool, "upstreamDefaultPool");
    java.util.Objects.requireNonNull(maintenance, "maintenance");
    java.util.Objects.requireNonNull(endpointAccess, "endpointAccess");
    java.util.Objects.requireNonNull(authentication, "authentication");
    java.util.Objects.requireNonNull(gpuStack, "gpuStack");
    nodePools = List.copyOf(nodePools);
    tags = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(tags));
    authorizedIpRanges = List.copyOf(authorizedIpRanges);
  }

  /**
   * A spec that sets nothing else, so the CRD's defaults apply: Public endpoint access, no tags,
   * workload identity off, local accounts, no authorized IP ranges, no {@code spec.maintenance},
   * and the GPU stack DRA.
   */
  public AksClusterSpec(
      String kubernetesVersion,
      String location,
      Networking networking,
      List<NodePool> nodePools,
      NodePool upstreamDefaultPool) {
    this(
        kubernetesVersion,
        location,
        EndpointAccess.PUBLIC,
        networking,
        nodePools,
        new TreeMap<>(),
        false,
        Authentication.LOCAL_ACCOUNTS,
        GpuStack.DRA,
        List.of(),
        Optional.empty(),
        upstreamDefaultPool);
  }

  /**
   * True when the API server has only a private endpoint ({@code spec.endpointAccess: Private}).
   */
  public boolean privateEndpoint() {
    return endpointAccess == EndpointAccess.PRIVATE;
  }

  /**
   * The cluster's default (system) node pool: the first System pool of the spec or, when the spec
   * has none, the pool upstream Modelplane injects ({@link #upstreamDefaultPool()}), so that every
   * later stage sees an ordinary default pool.
   */
  public NodePool defaultPool() {
    return nodePools.stream()
        .filter(p -> p.role() == Role.SYSTEM)
        .findFirst()
        .orElse(upstreamDefaultPool);
  }

  /** True when no pool of the spec has role System, so the default pool is the injected one. */
  public boolean injectsDefaultPool() {
    return defaultPool().injected();
  }

  /** Every pool of the spec except {@link #defaultPool()}, in spec order. */
  public List<NodePool> additionalPools() {
    NodePool first = defaultPool();
    return nodePools.stream().filter(p -> p != first).toList();
  }

  /**
   * Every pool the cluster gets: {@link #defaultPool()} first (declared or injected), then {@link
   * #additionalPools()}.
   */
  public List<NodePool> allPools() {
    List<NodePool> all = new java.util.ArrayList<>();
    all.add(defaultPool());
    all.addAll(additionalPools());
    return List.copyOf(all);
  }

  public List<NodePool> gpuPools() {
    return nodePools.stream().filter(p -> p.role() == Role.GPU).toList();
  }

  /** True when some GPU pool sets {@code gpu.migProfile}: its GPUs are split into MIG instances. */
  public boolean hasMigPool() {
    return gpuPools().stream().anyMatch(p -> p.gpu().flatMap(GpuConfig::migProfile).isPresent());
  }

  /**
   * True when the cluster has a GPU pool and a {@link #gpuStack()} other than None: node feature
   * discovery and the DRA driver or the device plugin are installed.
   */
  public boolean installsGpuStack() {
    return gpuStack != GpuStack.NONE && !gpuPools().isEmpty();
  }

  /** True when any pool asks for InfiniBand, which brings the NVIDIA network operator. */
  public boolean needsInfiniBand() {
    return nodePools.stream().anyMatch(p -> p.fabric() == Fabric.INFINIBAND);
  }

  public Optional<NodePool> pool(String name) {
    return nodePools.stream().filter(p -> p.name().equals(name)).findFirst();
  }
}
