package ai.modelplane.drift;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import java.util.List;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * What {@code modelplane import} reads, through the drift checker's read-only readers: one cluster
 * by resource group and name, or every cluster of the subscription with one Resource Graph query.
 */
final class LiveClusterReads {
  private LiveClusterReads() {}

  /** The cluster {@code resourceGroup/name} and its VNet: none when there is no such cluster. */
  static Mono<List<LiveCluster>> one(ArmSession session, String resourceGroup, String name) {
    ArmLiveReader arm = new ArmLiveReader(session);
    return arm.cluster(resourceGroup, name)
        .flatMap(
            found -> {
              if (found.value().isEmpty()) {
                return Mono.just(List.<LiveCluster>of());
              }
              ManagedClusterInner cluster = found.value().get();
              return network(arm, cluster)
                  .map(network -> List.of(new LiveCluster(cluster, network)));
            });
  }

  private static Mono<Optional<VirtualNetworkInner>> network(
      ArmLiveReader arm, ManagedClusterInner cluster) {
    Optional<String[]> subnet = LiveNames.subnet(cluster);
    // A subnet outside the cluster's resource group imports as spec.networking.subnetId, which
    // needs nothing from its VNet (that the importer may not even be allowed to read).
    if (subnet.isEmpty()
        || LiveNames.existingSubnetId(cluster, LiveNames.resourceGroup(cluster)).isPresent()) {
      return Mono.just(Optional.empty());
    }
    return arm.network(subnet.get()[0], subnet.get()[1]).map(ArmLiveReader.Lookup::value);
  }

  /** One Resource Graph query holds every cluster and VNet: no per-cluster request at all. */
  static Mono<List<LiveCluster>> all(ArmSession session) {
    GraphLiveReader graph = new GraphLiveReader(session, Mono.empty());
    String subscription = session.subscriptionId();
    return graph
        .readAll()
        .map(
            rows ->
                GraphLiveReader.clusters(rows).stream()
                    .map(
                        cluster ->
                            new LiveCluster(
                                cluster,
                                LiveNames.subnet(cluster)
                                    .flatMap(
                                        ids ->
                                            GraphLiveReader.network(
                                                rows,
                                                "/subscriptions/"
                                                    + subscription
                                                    + "/resourceGroups/"
                                                    + ids[0]
                                                    + "/providers/Microsoft.Network/virtualNetworks/"
                                                    + ids[1]))))
                    .toList());
  }
}
