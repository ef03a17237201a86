package ai.modelplane.drift;

import com.azure.json.JsonSerializable;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Live resources as JSON trees, read by the property table's {@code arm} paths ({@code
 * properties.osDiskSizeGB}): each SDK model is serialised once, in ARM's own property names.
 */
final class ArmJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ArmJson() {}

  /**
   * The managed cluster; the SDK leaves the read-only {@code id} and {@code name} out of its JSON,
   * so they are put back.
   */
  static ObjectNode cluster(ManagedClusterInner cluster) {
    ObjectNode tree = tree(cluster);
    tree.put("id", cluster.id());
    tree.put("name", cluster.name());
    return tree;
  }

  static ObjectNode network(VirtualNetworkInner network) {
    return tree(network);
  }

  /**
   * Each entry of the cluster's {@code properties.agentPoolProfiles}, shaped as the agent pool
   * resource ({@code name}, {@code properties.vmSize} …) that the table's pool paths address.
   */
  static List<ObjectNode> agentPools(JsonNode cluster) {
    List<ObjectNode> pools = new ArrayList<>();
    for (JsonNode profile : cluster.path("properties").path("agentPoolProfiles")) {
      ObjectNode pool = JSON.createObjectNode();
      pool.set("name", profile.path("name"));
      pool.set("properties", profile);
      pools.add(pool);
    }
    return pools;
  }

  /** One agent pool profile, shaped as {@link #agentPools} shapes each. */
  static ObjectNode agentPool(ManagedClusterAgentPoolProfile profile) {
    ObjectNode pool = JSON.createObjectNode();
    pool.put("name", profile.name());
    pool.set("properties", tree(profile));
    return pool;
  }

  /** A maintenance configuration, whole, in ARM's own property names. */
  static ObjectNode maintenanceConfiguration(JsonSerializable<?> configuration) {
    return tree(configuration);
  }

  /**
   * A maintenance configuration with only what the generated code sets in its window: the schedule
   * (whole, so a monthly one shows as such), start time, UTC offset and duration. AKS's {@code
   * startDate}, {@code notAllowedDates} and the older {@code timeInWeek} are left out: the output
   * sets none of them.
   *
   * @param configuration the configuration as {@link #maintenanceConfiguration} returns it
   */
  static JsonNode maintenanceWindow(JsonNode configuration) {
    JsonNode window = configuration.path("properties").path("maintenanceWindow");
    ObjectNode picked = JSON.createObjectNode();
    for (String field : List.of("schedule", "durationHours", "startTime", "utcOffset")) {
      if (!window.path(field).isMissingNode() && !window.path(field).isNull()) {
        picked.set(field, window.path(field));
      }
    }
    ObjectNode resource = JSON.createObjectNode();
    resource.putObject("properties").set("maintenanceWindow", picked);
    return resource;
  }

  /**
   * The VNet's subnet called {@code name} (ARM compares names case-insensitively). A subnet that
   * holds its range in the list form {@code addressPrefixes} gets them in {@code addressPrefix}
   * too, joined, so the one range the YAML sets is compared in one place.
   */
  static Optional<JsonNode> subnet(JsonNode network, String name) {
    for (JsonNode subnet : network.path("properties").path("subnets")) {
      if (name.equalsIgnoreCase(subnet.path("name").asText())) {
        ObjectNode copy = subnet.deepCopy();
        JsonNode properties = copy.path("properties");
        if (properties instanceof ObjectNode object && !object.path("addressPrefix").isTextual()) {
          List<String> prefixes = new ArrayList<>();
          object.path("addressPrefixes").forEach(p -> prefixes.add(p.asText()));
          object.put("addressPrefix", String.join(", ", prefixes));
        }
        return Optional.of(copy);
      }
    }
    return Optional.empty();
  }

  /**
   * The value at a dotted {@code path} ({@code
   * properties.apiServerAccessProfile.enablePrivateCluster}); missing when any step is absent or
   * JSON null.
   */
  static JsonNode at(JsonNode resource, String path) {
    JsonNode node = resource;
    for (String step : path.split("\\.")) {
      node = node.path(step);
    }
    return node.isNull() ? MissingNode.getInstance() : node;
  }

  /** {@code path} as the reports name it: ARM's own property path, without {@code properties.}. */
  static String property(String path) {
    return path.startsWith("properties.") ? path.substring("properties.".length()) : path;
  }

  private static ObjectNode tree(JsonSerializable<?> model) {
    try {
      return (ObjectNode) JSON.readTree(model.toJsonString());
    } catch (IOException e) {
      throw new UncheckedIOException("the Azure SDK wrote JSON that cannot be read back", e);
    }
  }
}
