package ai.modelplane.drift;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * What ARM returned for one cluster.
 *
 * @param resourceGroupExists false when ARM answered {@code ResourceGroupNotFound}
 * @param cluster the managed cluster with every agent pool ({@code agentPoolProfiles} lists inline
 *     and child pools alike)
 * @param network the VNet with its subnets
 * @param infinibandFeature state of {@code Microsoft.ContainerService/AKSInfinibandSupport}; read
 *     only when a pool asks for InfiniBand
 * @param maintenance the cluster's two AKS-managed maintenance configurations by name, each whole
 *     as ARM returned it; a name ARM answered 404 for (AKS has none) is left out; empty when they
 *     were not read (a Resource Graph drift run, a missing cluster), so the windows are not
 *     compared
 */
record LiveState(
    boolean resourceGroupExists,
    Optional<ManagedClusterInner> cluster,
    Optional<VirtualNetworkInner> network,
    Optional<String> infinibandFeature,
    Optional<Map<String, JsonNode>> maintenance) {

  LiveState(
      boolean resourceGroupExists,
      Optional<ManagedClusterInner> cluster,
      Optional<VirtualNetworkInner> network,
      Optional<String> infinibandFeature) {
    this(resourceGroupExists, cluster, network, infinibandFeature, Optional.empty());
  }

  static LiveState resourceGroupMissing() {
    return new LiveState(false, Optional.empty(), Optional.empty(), Optional.empty());
  }
}
