package ai.modelplane.drift;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Small edits of the hand-written ARM answers. */
final class DriftFixtures {
  private DriftFixtures() {}

  static ObjectNode properties(ObjectNode resource) {
    return (ObjectNode) resource.get("properties");
  }

  static ArrayNode pools(ObjectNode cluster) {
    return (ArrayNode) properties(cluster).get("agentPoolProfiles");
  }

  static ObjectNode pool(ObjectNode cluster, String name) {
    for (JsonNode pool : pools(cluster)) {
      if (pool.get("name").asText().equals(name)) {
        return (ObjectNode) pool;
      }
    }
    throw new IllegalArgumentException("no pool " + name);
  }
}
