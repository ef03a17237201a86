package ai.modelplane.drift;

import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What {@code modelplane import} reads, through the drift checker's read-only readers: one cluster
 * by resource group and name, or every cluster of the subscription with one Resource Graph query;
 * for each cluster found, its two AKS-managed maintenance configurations too (child resources
 * neither the cluster's GET nor the Resource Graph query holds).
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
              // The VNet and the maintenance configurations only once the cluster is known to
              // exist; they may run in parallel with each other.
              return Mono.zipDelayError(network(arm, cluster), schedules(arm, cluster))
                  .map(both -> List.of(new LiveCluster(cluster, both.getT1(), both.getT2())));
            });
  }

  /** The cluster's two maintenance configurations, by ARM GETs (Resource Graph has no rows). */
  private static Mono<Map<String, JsonNode>> schedules(
      ArmLiveReader arm, ManagedClusterInner cluster) {
    return arm.schedules(LiveNames.resourceGroup(cluster), cluster.name());
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

  /**
   * One Resource Graph query holds every cluster and VNet; each cluster's two maintenance
   * configurations are then read by ARM GETs, two per cluster.
   */
  static Mono<List<LiveCluster>> all(ArmSession session) {
    GraphLiveReader graph = new GraphLiveReader(session, Mono.empty());
    ArmLiveReader arm = new ArmLiveReader(session);
    String subscription = session.subscriptionId();
    return graph
        .readAll()
        .flatMap(
            rows ->
                Flux.fromIterable(GraphLiveReader.clusters(rows))
                    .flatMapSequential(
                        cluster ->
                            schedules(arm, cluster)
                                .map(
                                    schedules ->
                                        new LiveCluster(
                                            cluster,
                                            graphNetwork(rows, subscription, cluster),
                                            schedules)))
                    .collectList());
  }

  /** The VNet of the cluster's node subnet among the query's rows, when it has one. */
  private static Optional<VirtualNetworkInner> graphNetwork(
      Map<String, Map<String, Object>> rows, String subscription, ManagedClusterInner cluster) {
    return LiveNames.subnet(cluster)
        .flatMap(
            ids ->
                GraphLiveReader.network(
                    rows,
                    "/subscriptions/"
                        + subscription
                        + "/resourceGroups/"
                        + ids[0]
                        + "/providers/Microsoft.Network/virtualNetworks/"
                        + ids[1]));
  }
}
