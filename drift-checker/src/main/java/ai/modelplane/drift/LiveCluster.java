package ai.modelplane.drift;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import java.util.Optional;

/** One cluster as ARM returned it, with its VNet when it has one of its own. */
record LiveCluster(ManagedClusterInner cluster, Optional<VirtualNetworkInner> network) {}
