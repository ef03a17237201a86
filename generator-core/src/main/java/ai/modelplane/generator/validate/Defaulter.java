package ai.modelplane.generator.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Applies the {@code default} values of a structural schema to a document, the way the Kubernetes
 * API server does while decoding: a missing property with a default gets it (a copy), recursively,
 * and defaults inside a defaulted object apply too. Nulls of properties that have a default are
 * replaced, as the API server drops them before defaulting.
 */
public final class Defaulter {
  private Defaulter() {}

  /** Defaults {@code document} in place against {@code schema}. */
  public static void apply(JsonNode schema, JsonNode document) {
    if (document instanceof ObjectNode object) {
      applyToObject(schema, object);
    } else if (document instanceof ArrayNode array) {
      JsonNode items = schema.path("items");
      if (items.isObject()) {
        for (JsonNode element : array) {
          apply(items, element);
        }
      }
    }
  }

  private static void applyToObject(JsonNode schema, ObjectNode object) {
    JsonNode properties = schema.path("properties");
    for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      JsonNode propertySchema = property.getValue();
      JsonNode value = object.get(property.getKey());
      if ((value == null || value.isNull()) && propertySchema.has("default")) {
        object.set(property.getKey(), propertySchema.get("default").deepCopy());
      }
      JsonNode current = object.get(property.getKey());
      if (current != null) {
        apply(propertySchema, current);
      }
    }
  }
}
