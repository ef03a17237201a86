package ai.modelplane.generator.bind;

import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.AksClusterSpec;
import ai.modelplane.generator.model.Authentication;
import ai.modelplane.generator.model.EndpointAccess;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.GpuConfig;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.model.Maintenance;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.model.PoolSettings;
import ai.modelplane.generator.model.PoolUpgrade;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.naming.NameOverrides;
import ai.modelplane.generator.naming.Naming;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Binds a defaulted, validated document tree to the immutable model. It trusts validation: every
 * required field is present and typed, every default applied.
 */
public final class ClusterBinder {
  private static final Once<NodePool> UPSTREAM_DEFAULT_POOL =
      new Once<>(ClusterBinder::bindUpstreamDefaultPool);

  private ClusterBinder() {}

  /**
   * The default System pool upstream Modelplane injects when no pool of the spec has role System,
   * bound like a pool of the spec from the values the property table records for it.
   */
  public static NodePool upstreamDefaultPool() {
    return UPSTREAM_DEFAULT_POOL.get();
  }

  private static NodePool bindUpstreamDefaultPool() {
    ObjectNode pool = JsonNodeFactory.instance.objectNode();
    pool.setAll(PropertyTable.bundled().upstreamDefaultPool());
    return bindPool(-1, pool);
  }

  public static AksCluster bind(JsonNode document, SourceRef source) {
    JsonNode metadata = document.path("metadata");
    String namespace = metadata.path("namespace").asText("default");
    JsonNode spec = document.path("spec");
    JsonNode networking = spec.path("networking");
    List<NodePool> pools = new ArrayList<>();
    JsonNode poolNodes = spec.path("nodePools");
    for (int i = 0; i < poolNodes.size(); i++) {
      pools.add(bindPool(i, poolNodes.get(i)));
    }
    String name = metadata.path("name").asText();
    AksClusterSpec bound =
        new AksClusterSpec(
            spec.path("kubernetesVersion").asText(),
            spec.path("location").asText(),
            EndpointAccess.fromYaml(spec.path("endpointAccess").asText()),
            new Networking(
                networking.path("vnetCidr").asText(),
                networking.path("subnetCidr").asText(),
                networking.hasNonNull("subnetId")
                    ? Optional.of(networking.get("subnetId").asText())
                    : Optional.empty()),
            pools,
            tags(spec.path("tags")),
            spec.path("workloadIdentity").asBoolean(false),
            authentication(spec.path("authentication")),
            GpuStack.fromYaml(spec.path("gpuStack").asText(GpuStack.DRA.yamlName())),
            strings(spec.path("apiServer").path("authorizedIpRanges")),
            maintenance(spec.path("maintenance")),
            upstreamDefaultPool());
    // Every pool the cluster gets, the injected default pool included (a spec without a System
    // pool), so that its rotation name is derived like any other pool's.
    return new AksCluster(
        source,
        name,
        namespace,
        bound,
        Naming.derive(
            namespace,
            name,
            bound.allPools().stream().map(NodePool::name).toList(),
            NameOverrides.fromAnnotations(annotations(metadata))));
  }

  /** Validation defaulted the mode and allowed groups only with EntraID. */
  private static Authentication authentication(JsonNode authentication) {
    if (authentication.isMissingNode()) {
      return Authentication.LOCAL_ACCOUNTS;
    }
    List<String> groups = new ArrayList<>();
    authentication.path("adminGroupObjectIds").forEach(group -> groups.add(group.asText()));
    return new Authentication(
        Authentication.Mode.fromYaml(
            authentication.path("mode").asText(Authentication.Mode.LOCAL_ACCOUNTS.yamlName())),
        groups);
  }

  /** Validation bounded every value; a window left out stays empty (the generator's own). */
  private static Optional<Maintenance> maintenance(JsonNode maintenance) {
    if (maintenance.isMissingNode() || maintenance.isNull()) {
      return Optional.empty();
    }
    return Optional.of(
        new Maintenance(
            Maintenance.NodeOsUpgradeChannel.fromYaml(
                maintenance
                    .path("nodeOsUpgradeChannel")
                    .asText(Maintenance.NodeOsUpgradeChannel.NODE_IMAGE.yamlName())),
            window(maintenance.path("autoUpgradeWindow")),
            window(maintenance.path("nodeOsWindow"))));
  }

  private static Optional<Maintenance.Window> window(JsonNode window) {
    if (window.isMissingNode() || window.isNull()) {
      return Optional.empty();
    }
    return Optional.of(
        new Maintenance.Window(
            window.path("dayOfWeek").asText(),
            window.path("startTime").asText(),
            window.path("durationHours").asInt(Maintenance.Window.DEFAULT_DURATION_HOURS),
            window.path("utcOffset").asText(Maintenance.Window.DEFAULT_UTC_OFFSET)));
  }

  private static TreeMap<String, String> tags(JsonNode tags) {
    TreeMap<String, String> bound = new TreeMap<>();
    tags.fields().forEachRemaining(entry -> bound.put(entry.getKey(), entry.getValue().asText()));
    return bound;
  }

  private static List<String> strings(JsonNode list) {
    List<String> bound = new ArrayList<>();
    list.forEach(item -> bound.add(item.asText()));
    return bound;
  }

  private static Map<String, String> annotations(JsonNode metadata) {
    Map<String, String> annotations = new LinkedHashMap<>();
    metadata
        .path("annotations")
        .fields()
        .forEachRemaining(entry -> annotations.put(entry.getKey(), entry.getValue().asText()));
    return annotations;
  }

  private static NodePool bindPool(int index, JsonNode pool) {
    List<String> zones = new ArrayList<>();
    pool.path("zones").forEach(zone -> zones.add(zone.asText()));
    JsonNode gpu = pool.path("gpu");
    return new NodePool(
        index,
        pool.path("name").asText(),
        Role.fromYaml(pool.path("role").asText()),
        pool.path("vmSize").asText(),
        pool.path("nodeCount").asInt(),
        pool.hasNonNull("minNodeCount")
            ? Optional.of(pool.get("minNodeCount").asInt())
            : Optional.empty(),
        pool.path("maxNodeCount").asInt(),
        Fabric.fromYaml(pool.path("fabric").asText()),
        gpu.isObject()
            ? Optional.of(
                new GpuConfig(
                    gpu.path("acceleratorType").asText(),
                    gpu.hasNonNull("migProfile")
                        ? Optional.of(gpu.get("migProfile").asText())
                        : Optional.empty()))
            : Optional.empty(),
        zones,
        bindSettings(pool),
        pool.path("priority").asText(NodePool.REGULAR),
        pool.hasNonNull("spotMaxPrice")
            ? Optional.of(pool.get("spotMaxPrice").decimalValue())
            : Optional.empty(),
        pool.path("upgrade").isObject()
            ? Optional.of(bindUpgrade(pool.get("upgrade")))
            : Optional.empty());
  }

  /** The property table's settings the pool sets, as written or defaulted. */
  private static PoolSettings bindSettings(JsonNode pool) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Property setting : PropertyTable.bundled().settings()) {
      if (pool.hasNonNull(setting.name())) {
        values.put(setting.name(), pool.get(setting.name()).asText());
      }
    }
    return new PoolSettings(values);
  }

  private static PoolUpgrade bindUpgrade(JsonNode upgrade) {
    return new PoolUpgrade(
        upgrade.hasNonNull("maxSurge")
            ? Optional.of(upgrade.get("maxSurge").asText())
            : Optional.empty(),
        upgrade.hasNonNull("maxUnavailable")
            ? Optional.of(upgrade.get("maxUnavailable").asText())
            : Optional.empty(),
        upgrade.hasNonNull("drainTimeoutMinutes")
            ? Optional.of(upgrade.get("drainTimeoutMinutes").asInt())
            : Optional.empty());
  }
}
