package ai.modelplane.drift;

import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.plan.ClusterPlan;
import com.azure.json.JsonProviders;
import com.azure.json.JsonReader;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.azure.resourcemanager.resourcegraph.fluent.ResourceProvidersClient;
import com.azure.resourcemanager.resourcegraph.fluent.models.QueryResponseInner;
import com.azure.resourcemanager.resourcegraph.models.QueryRequest;
import com.azure.resourcemanager.resourcegraph.models.QueryRequestOptions;
import com.azure.resourcemanager.resourcegraph.models.ResultFormat;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * {@code --resource-graph}: one Azure Resource Graph query returns every managed cluster, VNet and
 * resource group of the subscription (in pages of 1000 rows), and every cluster is compared from
 * that one answer. ARM's own property names are kept in the rows, so they are read with the same
 * SDK models as per-cluster GETs.
 */
final class GraphLiveReader {
  static final String QUERY =
      String.join(
          "\n",
          "resources",
          "| where type in~ ('microsoft.containerservice/managedclusters', 'microsoft.network/virtualnetworks')",
          "| union (resourcecontainers | where type =~ 'microsoft.resources/subscriptions/resourcegroups')",
          "| project id, name, type, location, resourceGroup, subscriptionId, sku, identity, properties",
          "| order by id asc");
  static final int PAGE_ROWS = 1000;

  /**
   * At most this many pages (10 million rows) are followed; a server that keeps handing out new
   * page tokens is not followed forever.
   */
  static final int MAX_PAGES = 10_000;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ResourceProvidersClient graph;
  private final String subscriptionId;
  private final Mono<String> infinibandFeature;

  GraphLiveReader(ArmSession session, Mono<String> infinibandFeature) {
    this.graph = session.resourceGraph().serviceClient().getResourceProviders();
    this.subscriptionId = session.subscriptionId();
    this.infinibandFeature = infinibandFeature;
  }

  /**
   * Every row of the query, keyed by lower-case resource id (ARM ids differ in case between APIs).
   */
  Mono<Map<String, Map<String, Object>>> readAll() {
    return page(null, new HashMap<>(), new HashSet<>());
  }

  /**
   * @param seen every page token followed so far: one that comes back would loop forever
   */
  private Mono<Map<String, Map<String, Object>>> page(
      String skipToken, Map<String, Map<String, Object>> rows, Set<String> seen) {
    QueryRequest request =
        new QueryRequest()
            .withSubscriptions(List.of(subscriptionId))
            .withQuery(QUERY)
            .withOptions(
                new QueryRequestOptions()
                    .withTop(PAGE_ROWS)
                    .withSkipToken(skipToken)
                    .withResultFormat(ResultFormat.OBJECT_ARRAY));
    // The Resource Graph client is synchronous only; run it off the caller's thread, passing the
    // deadline on.
    Mono<com.azure.core.http.rest.Response<QueryResponseInner>> call =
        Mono.deferContextual(
            context ->
                Mono.fromCallable(() -> graph.resourcesWithResponse(request, deadlineOnly(context)))
                    .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic()));
    return call.flatMap(
        response -> {
          QueryResponseInner body = response.getValue();
          if (body.data() instanceof List<?> list) {
            for (Object row : list) {
              if (row instanceof Map<?, ?> map && map.get("id") instanceof String id) {
                @SuppressWarnings("unchecked")
                Map<String, Object> typed = (Map<String, Object>) map;
                rows.put(id.toLowerCase(Locale.ROOT), typed);
              }
            }
          }
          String next = body.skipToken();
          if (next == null || next.isEmpty()) {
            return Mono.just(rows);
          }
          if (!seen.add(next)) {
            return Mono.error(
                new PagingException(
                    "Resource Graph returned a page token ($skipToken) it had already returned,"
                        + " after "
                        + (seen.size() + 1)
                        + " pages; stopped instead of reading the same pages again"));
          }
          if (seen.size() >= MAX_PAGES) {
            return Mono.error(
                new PagingException(
                    "Resource Graph kept returning page tokens after "
                        + MAX_PAGES
                        + " pages; stopped"));
          }
          return page(next, rows, seen);
        });
  }

  /** Paging that would never end; not retried, since the same query pages the same way again. */
  static final class PagingException extends RuntimeException {
    PagingException(String message) {
      super(message, null, false, false);
    }
  }

  private static com.azure.core.util.Context deadlineOnly(
      reactor.util.context.ContextView context) {
    return context
        .<Object>getOrEmpty(RetryAfterLimitPolicy.DEADLINE)
        .map(deadline -> new com.azure.core.util.Context(RetryAfterLimitPolicy.DEADLINE, deadline))
        .orElse(com.azure.core.util.Context.NONE);
  }

  Mono<LiveState> stateFor(ClusterPlan plan, Map<String, Map<String, Object>> rows) {
    AzureNames names = plan.names();
    String group = "/subscriptions/" + subscriptionId + "/resourcegroups/" + names.resourceGroup();
    if (!rows.containsKey(group.toLowerCase(Locale.ROOT))) {
      return Mono.just(LiveState.resourceGroupMissing());
    }
    Optional<ManagedClusterInner> cluster =
        row(
                rows,
                group + "/providers/microsoft.containerservice/managedclusters/" + names.cluster())
            .map(json -> parse(json, ManagedClusterInner::fromJson));
    Optional<VirtualNetworkInner> network =
        row(rows, group + "/providers/microsoft.network/virtualnetworks/" + names.virtualNetwork())
            .map(json -> parse(json, VirtualNetworkInner::fromJson));
    Mono<Optional<String>> feature =
        plan.needsInfiniBand() ? infinibandFeature.map(Optional::of) : Mono.just(Optional.empty());
    return feature.map(state -> new LiveState(true, cluster, network, state));
  }

  /** Every managed cluster among {@code rows}, in id order. */
  static List<ManagedClusterInner> clusters(Map<String, Map<String, Object>> rows) {
    return rows.entrySet().stream()
        .filter(
            row ->
                "microsoft.containerservice/managedclusters"
                    .equalsIgnoreCase(String.valueOf(row.getValue().get("type"))))
        .sorted(Map.Entry.comparingByKey())
        .map(row -> parse(json(row.getValue()), ManagedClusterInner::fromJson))
        .toList();
  }

  /** The VNet with {@code id}, when the query returned it. */
  static Optional<VirtualNetworkInner> network(Map<String, Map<String, Object>> rows, String id) {
    return row(rows, id).map(json -> parse(json, VirtualNetworkInner::fromJson));
  }

  private static String json(Map<String, Object> row) {
    try {
      return JSON.writeValueAsString(row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Optional<String> row(Map<String, Map<String, Object>> rows, String id) {
    Map<String, Object> row = rows.get(id.toLowerCase(Locale.ROOT));
    return row == null ? Optional.empty() : Optional.of(json(row));
  }

  private interface JsonParser<T> {
    T read(JsonReader reader) throws IOException;
  }

  private static <T> T parse(String json, JsonParser<T> parser) {
    try (JsonReader reader = JsonProviders.createReader(json)) {
      return parser.read(reader);
    } catch (IOException e) {
      throw new UncheckedIOException("Resource Graph returned a row the SDK cannot read", e);
    }
  }
}
