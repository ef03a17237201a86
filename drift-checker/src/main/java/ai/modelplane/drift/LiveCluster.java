package ai.modelplane.drift;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * One cluster as ARM returned it, with its VNet when it has one of its own.
 *
 * @param maintenance the cluster's two AKS-managed maintenance configurations by name, each whole
 *     as ARM returned it; a name ARM answered 404 for (AKS has none) is left out
 */
record LiveCluster(
    ManagedClusterInner cluster,
    Optional<VirtualNetworkInner> network,
    Map<String, JsonNode> maintenance) {
  LiveCluster {
    maintenance = Map.copyOf(maintenance);
  }
}
