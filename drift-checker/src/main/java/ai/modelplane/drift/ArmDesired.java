package ai.modelplane.drift;

import static java.util.Map.entry;

import ai.modelplane.generator.plan.Views;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.plan.view.PlatformView;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.plan.view.SettingView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.PropertyTable;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What the generated code sets for each compared field, in the shape ARM holds it at the field's
 * {@code arm} path (a pool's {@code mode}, not its role; its node labels, not its fabric): one line
 * per property of the table whose drift rule compares something. A field compared by drift and
 * missing here fails {@code PropertyDriftTest}, naming it.
 */
final class ArmDesired {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The live resource a cluster field's {@code arm} path is read on. */
  enum Resource {
    MANAGED_CLUSTER(null),
    VIRTUAL_NETWORK(null),
    SUBNET(null),
    AUTO_UPGRADE_SCHEDULE(Platform.MAINTENANCE_AUTO_UPGRADE),
    NODE_OS_SCHEDULE(Platform.MAINTENANCE_NODE_OS);

    /** The AKS-managed maintenance configurations, each a resource of its own. */
    static final List<Resource> SCHEDULES = List.of(AUTO_UPGRADE_SCHEDULE, NODE_OS_SCHEDULE);

    private final String configuration;

    Resource(String configuration) {
      this.configuration = configuration;
    }

    /** The maintenance configuration's name; {@code null} for the other resources. */
    String configuration() {
      return configuration;
    }
  }

  /** A cluster field's desired value and the resource that holds it. */
  record ClusterValue(Resource resource, Function<ClusterView, JsonNode> value) {}

  private static final Map<String, ClusterValue> CLUSTER =
      Map.ofEntries(
          entry(
              "metadata.annotations[infrastructure.modelplane.ai/node-resource-group]",
              onCluster(c -> text(c.names().nodeResourceGroup()))),
          entry(
              "metadata.annotations[infrastructure.modelplane.ai/dns-prefix]",
              onCluster(c -> text(c.names().dnsPrefix()))),
          entry("spec.kubernetesVersion", onCluster(c -> text(c.kubernetesVersion()))),
          entry("spec.location", onCluster(c -> text(c.location()))),
          entry("spec.endpointAccess", onCluster(c -> NODES.booleanNode(c.privateEndpoint()))),
          entry(
              "spec.apiServer.authorizedIpRanges", onCluster(c -> strings(c.authorizedIpRanges()))),
          entry(
              "spec.networking.vnetCidr",
              new ClusterValue(
                  Resource.VIRTUAL_NETWORK, c -> NODES.arrayNode().add(c.network().vnetCidr()))),
          entry(
              "spec.networking.subnetCidr",
              new ClusterValue(Resource.SUBNET, c -> text(c.network().subnetCidr()))),
          // Compared only when spec.maintenance sets it; left out, the output leaves it to AKS.
          entry(
              "spec.maintenance.nodeOsUpgradeChannel",
              onCluster(
                  c ->
                      c.maintenance() == null
                          ? MissingNode.getInstance()
                          : text(c.maintenance().nodeOsUpgradeChannel()))),
          // The output always sets both windows: the YAML's, else the platform's Sunday ones.
          entry(
              "spec.maintenance.autoUpgradeWindow",
              schedule(
                  Resource.AUTO_UPGRADE_SCHEDULE,
                  ClusterView.Maintenance::autoUpgrade,
                  Views.PLATFORM.maintenance().autoUpgrade())),
          entry(
              "spec.maintenance.nodeOsWindow",
              schedule(
                  Resource.NODE_OS_SCHEDULE,
                  ClusterView.Maintenance::nodeOs,
                  Views.PLATFORM.maintenance().nodeOs())));

  /**
   * Pool fields compared only while the live pool autoscales: the autoscaler's count and bounds.
   */
  private static final Set<String> AUTOSCALER =
      Set.of(
          "spec.nodePools[].nodeCount",
          "spec.nodePools[].minNodeCount",
          "spec.nodePools[].maxNodeCount");

  private static final Map<String, Function<PoolView, JsonNode>> POOL =
      withSettings(
          Map.ofEntries(
              entry("spec.nodePools[].role", p -> text(p.mode())),
              entry("spec.nodePools[].vmSize", p -> text(p.vmSize())),
              // The autoscaler owns the count: the generated code asks only that it stay within
              // these.
              entry(
                  "spec.nodePools[].nodeCount",
                  p -> NODES.arrayNode().add(p.minCount()).add(p.maxCount())),
              entry("spec.nodePools[].minNodeCount", p -> NODES.numberNode(p.minCount())),
              entry("spec.nodePools[].maxNodeCount", p -> NODES.numberNode(p.maxCount())),
              entry("spec.nodePools[].fabric", ArmDesired::labels),
              entry("spec.nodePools[].gpu.acceleratorType", ArmDesired::labels),
              entry("spec.nodePools[].zones", p -> strings(p.zones())),
              entry("spec.nodePools[].gpu.migProfile", p -> text(p.migProfile())),
              // ARM leaves scaleSetPriority and spotMaxPrice out of Regular pools: compared on Spot
              // ones.
              entry(
                  "spec.nodePools[].priority",
                  p -> p.spot() ? text("Spot") : MissingNode.getInstance()),
              entry(
                  "spec.nodePools[].spotMaxPrice",
                  p ->
                      p.spot()
                          ? NODES.numberNode(new java.math.BigDecimal(p.spotMaxPrice()))
                          : MissingNode.getInstance()),
              // Compared where the YAML sets the pool's upgrade: otherwise Azure may report its own
              // defaults for what the output leaves out.
              entry(
                  "spec.nodePools[].upgrade.maxSurge",
                  p -> p.upgradeInYaml() ? text(p.maxSurge()) : MissingNode.getInstance()),
              entry(
                  "spec.nodePools[].upgrade.maxUnavailable",
                  p -> p.upgradeInYaml() ? text(p.maxUnavailable()) : MissingNode.getInstance()),
              entry(
                  "spec.nodePools[].upgrade.drainTimeoutMinutes",
                  p ->
                      p.drainTimeoutMinutes() == null
                          ? MissingNode.getInstance()
                          : NODES.numberNode(p.drainTimeoutMinutes()))));

  private ArmDesired() {}

  /**
   * The lines above, and one for each setting of the property table (a pool field both targets take
   * as written): its value as the YAML writes it, absent where the YAML leaves it out.
   */
  private static Map<String, Function<PoolView, JsonNode>> withSettings(
      Map<String, Function<PoolView, JsonNode>> lines) {
    Map<String, Function<PoolView, JsonNode>> all = new HashMap<>(lines);
    for (SettingView setting : Views.SETTINGS) {
      String field = PropertyTable.POOL_PREFIX + setting.name();
      Function<PoolView, JsonNode> desired =
          p -> {
            String value = p.setting(setting.name());
            if (value == null || setting.quoted()) {
              return text(value);
            }
            return NODES.numberNode(Long.parseLong(value));
          };
      if (all.put(field, desired) != null) {
        throw new IllegalStateException(field + " has a line and is a setting");
      }
    }
    return Map.copyOf(all);
  }

  /** The cluster field's desired value and resource, empty when this class has no line for it. */
  static Optional<ClusterValue> cluster(String field) {
    return Optional.ofNullable(CLUSTER.get(field));
  }

  /** The pool field's desired value, empty when this class has no line for it. */
  static Optional<Function<PoolView, JsonNode>> pool(String field) {
    return Optional.ofNullable(POOL.get(field));
  }

  /** The live resource a cluster field's {@code arm} path is read on; the cluster's by default. */
  static Resource resource(String field) {
    ClusterValue value = CLUSTER.get(field);
    return value == null ? Resource.MANAGED_CLUSTER : value.resource();
  }

  /** Every field this class has a line for. */
  static Set<String> fields() {
    Set<String> fields = new java.util.TreeSet<>(CLUSTER.keySet());
    fields.addAll(POOL.keySet());
    fields.addAll(AUTOSCALER);
    return fields;
  }

  static boolean autoscalerOwned(String field) {
    return AUTOSCALER.contains(field);
  }

  private static ClusterValue onCluster(Function<ClusterView, JsonNode> value) {
    return new ClusterValue(Resource.MANAGED_CLUSTER, value);
  }

  /** Every node label the generated code puts on the pool, whichever field it comes from. */
  private static JsonNode labels(PoolView pool) {
    ObjectNode labels = NODES.objectNode();
    pool.labels().forEach(label -> labels.put(label.key(), label.value()));
    return labels;
  }

  /** A window the YAML sets in {@code spec.maintenance}, else the platform's, on its resource. */
  private static ClusterValue schedule(
      Resource resource,
      Function<ClusterView.Maintenance, PlatformView.Window> fromYaml,
      PlatformView.Window platform) {
    return new ClusterValue(
        resource,
        c -> window(c.maintenance() == null ? platform : fromYaml.apply(c.maintenance())));
  }

  /**
   * A weekly window as ARM holds it at {@code properties.maintenanceWindow}, with only the fields
   * the generated code sets (see {@link ArmJson#maintenanceWindow}).
   */
  static JsonNode window(PlatformView.Window window) {
    ObjectNode weekly =
        NODES
            .objectNode()
            .put("dayOfWeek", window.dayOfWeek())
            .put("intervalWeeks", window.intervalWeeks());
    ObjectNode tree = NODES.objectNode();
    tree.putObject("schedule").set("weekly", weekly);
    tree.put("durationHours", window.durationHours());
    tree.put("startTime", window.startTime());
    tree.put("utcOffset", window.utcOffset());
    return tree;
  }

  private static JsonNode text(String value) {
    return value == null ? MissingNode.getInstance() : NODES.textNode(value);
  }

  private static ArrayNode strings(List<String> values) {
    ArrayNode array = NODES.arrayNode();
    values.forEach(array::add);
    return array;
  }
}
