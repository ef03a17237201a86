package ai.modelplane.drift;

import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.platform.Platform;
import com.azure.core.http.rest.Response;
import com.azure.core.http.rest.SimpleResponse;
import com.azure.core.management.exception.ManagementException;
import com.azure.resourcemanager.containerservice.fluent.MaintenanceConfigurationsClient;
import com.azure.resourcemanager.containerservice.fluent.ManagedClustersClient;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.VirtualNetworksClient;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.azure.resourcemanager.resources.fluent.FeaturesClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import reactor.core.publisher.Mono;

/**
 * Reads one cluster's live state with as few ARM calls as the API allows: the managed cluster (one
 * GET returns every agent pool, inline or child) and the VNet (one GET returns its subnets), in
 * parallel; then, only when the cluster exists, its two AKS-managed maintenance configurations
 * (child resources the cluster's GET does not hold), in parallel with each other. The resource
 * group is not read on its own: ARM's {@code ResourceGroupNotFound} answer to either GET already
 * says it is missing. The InfiniBand feature registration is read once per run, and only when some
 * pool needs it.
 */
final class ArmLiveReader {
  private final ManagedClustersClient clusters;
  private final VirtualNetworksClient networks;
  private final MaintenanceConfigurationsClient maintenance;
  private final Mono<String> infinibandFeature;

  ArmLiveReader(ArmSession session) {
    this.clusters = session.containerService().serviceClient().getManagedClusters();
    this.networks = session.network().serviceClient().getVirtualNetworks();
    this.maintenance = session.containerService().serviceClient().getMaintenanceConfigurations();
    FeaturesClient features = session.resources().featureClient().getFeatures();
    // Subscription-level: counted in the run total, not against whichever cluster asked first.
    this.infinibandFeature =
        features
            .getWithResponseAsync(
                Platform.INFINIBAND_FEATURE_NAMESPACE, Platform.INFINIBAND_FEATURE)
            .map(
                response ->
                    String.valueOf(
                        response.getValue().properties() == null
                            ? null
                            : response.getValue().properties().state()))
            .contextWrite(context -> context.delete(RequestCountingPolicy.CLUSTER_COUNTER))
            .cache();
  }

  /** The registration state of AKSInfinibandSupport, read at most once per run. */
  Mono<String> infinibandFeature() {
    return infinibandFeature;
  }

  Mono<LiveState> read(ClusterPlan plan) {
    AzureNames names = plan.names();
    Mono<Lookup<ManagedClusterInner>> cluster = cluster(names.resourceGroup(), names.cluster());
    // A cluster on an existing subnet (spec.networking.subnetId) has no VNet of its own to read.
    Mono<Lookup<VirtualNetworkInner>> network =
        plan.cluster().spec().networking().subnetId().isPresent()
            ? Mono.just(new Lookup<>(Optional.empty(), false))
            : network(names.resourceGroup(), names.virtualNetwork());
    Mono<Optional<String>> feature =
        plan.needsInfiniBand() ? infinibandFeature.map(Optional::of) : Mono.just(Optional.empty());
    // zipDelayError: every call finishes even when one fails, so request counts do not depend on
    // timing.
    return Mono.zipDelayError(cluster, network, feature)
        .flatMap(
            all -> {
              boolean groupMissing =
                  all.getT1().resourceGroupMissing() || all.getT2().resourceGroupMissing();
              if (groupMissing) {
                return Mono.just(LiveState.resourceGroupMissing());
              }
              Optional<ManagedClusterInner> liveCluster = all.getT1().value();
              if (liveCluster.isEmpty()) {
                // A missing cluster has no windows to compare.
                return Mono.just(
                    new LiveState(true, liveCluster, all.getT2().value(), all.getT3()));
              }
              // Read only once the cluster's GET has answered: a failed sign-in or a missing
              // cluster stops before them, so neither adds token requests nor reads.
              return schedules(names.resourceGroup(), names.cluster())
                  .map(
                      schedules ->
                          new LiveState(
                              true,
                              liveCluster,
                              all.getT2().value(),
                              all.getT3(),
                              Optional.of(schedules)));
            });
  }

  /**
   * The cluster's two AKS-managed maintenance configurations, read in parallel; a 404 (no such
   * configuration) leaves the name out: AKS has no window there.
   */
  Mono<Map<String, JsonNode>> schedules(String resourceGroup, String cluster) {
    Mono<Lookup<JsonNode>> autoUpgrade =
        schedule(resourceGroup, cluster, Platform.MAINTENANCE_AUTO_UPGRADE);
    Mono<Lookup<JsonNode>> nodeOs = schedule(resourceGroup, cluster, Platform.MAINTENANCE_NODE_OS);
    return Mono.zipDelayError(autoUpgrade, nodeOs)
        .map(
            both -> {
              Map<String, JsonNode> schedules = new TreeMap<>();
              both.getT1()
                  .value()
                  .ifPresent(tree -> schedules.put(Platform.MAINTENANCE_AUTO_UPGRADE, tree));
              both.getT2()
                  .value()
                  .ifPresent(tree -> schedules.put(Platform.MAINTENANCE_NODE_OS, tree));
              return schedules;
            });
  }

  /** The cluster's maintenance configuration {@code name}, whole, as an ARM JSON tree. */
  Mono<Lookup<JsonNode>> schedule(String resourceGroup, String cluster, String name) {
    return lookup(
        maintenance
            .getWithResponseAsync(resourceGroup, cluster, name)
            .map(
                response ->
                    new SimpleResponse<>(
                        response, ArmJson.maintenanceConfiguration(response.getValue()))));
  }

  /** The managed cluster {@code resourceGroup/name}, with every agent pool. */
  Mono<Lookup<ManagedClusterInner>> cluster(String resourceGroup, String name) {
    return lookup(clusters.getByResourceGroupWithResponseAsync(resourceGroup, name));
  }

  /** The VNet {@code resourceGroup/name}, with its subnets. */
  Mono<Lookup<VirtualNetworkInner>> network(String resourceGroup, String name) {
    return lookup(networks.getByResourceGroupWithResponseAsync(resourceGroup, name, null));
  }

  /** A GET whose 404 is an answer (the resource is missing), not a failure. */
  private static <T> Mono<Lookup<T>> lookup(Mono<Response<T>> get) {
    return get.map(response -> new Lookup<>(Optional.of(response.getValue()), false))
        .onErrorResume(
            ManagementException.class,
            error -> {
              if (error.getResponse() == null || error.getResponse().getStatusCode() != 404) {
                return Mono.error(error);
              }
              String code =
                  error.getValue() == null ? "" : String.valueOf(error.getValue().getCode());
              return switch (code) {
                case "ResourceGroupNotFound" -> Mono.just(new Lookup<>(Optional.empty(), true));
                case "SubscriptionNotFound" -> Mono.error(error);
                default -> Mono.just(new Lookup<>(Optional.empty(), false));
              };
            });
  }

  record Lookup<T>(Optional<T> value, boolean resourceGroupMissing) {}
}
