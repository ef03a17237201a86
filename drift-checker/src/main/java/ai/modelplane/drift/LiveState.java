package ai.modelplane.drift;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
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
 */
record LiveState(
    boolean resourceGroupExists,
    Optional<ManagedClusterInner> cluster,
    Optional<VirtualNetworkInner> network,
    Optional<String> infinibandFeature) {

  static LiveState resourceGroupMissing() {
    return new LiveState(false, Optional.empty(), Optional.empty(), Optional.empty());
  }
}
