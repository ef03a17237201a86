package ai.modelplane.generator.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * Turns the CRD's structural OpenAPI v3 schema into a draft-07 JSON Schema: objects with properties
 * refuse unknown fields (like {@code kubectl --validate=strict}), {@code x-kubernetes-list-type:
 * set} becomes {@code uniqueItems}, Kubernetes extensions are dropped. The validator and the editor
 * schema both come from here, so they cannot disagree.
 */
public final class JsonSchemas {
  public static final String DRAFT_07 = "http://json-schema.org/draft-07/schema#";
  private static final List<String> COPIED =
      List.of(
          "description",
          "type",
          "enum",
          "default",
          "pattern",
          "minLength",
          "maxLength",
          "minimum",
          "maximum",
          "multipleOf",
          "minItems",
          "maxItems",
          "minProperties",
          "maxProperties");

  private JsonSchemas() {}

  /**
   * The schema the validator uses: {@code metadata} is left open because it is checked separately.
   */
  public static ObjectNode forValidation(JsonNode openApiSchema) {
    return convert(openApiSchema);
  }

  /**
   * The schema for editors: adds {@code apiVersion}/{@code kind} constants and the metadata fields,
   * so yaml-language-server completes and checks a whole AKSCluster.
   */
  public static ObjectNode forEditors(JsonNode openApiSchema, String apiVersion, String kind) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode converted = convert(openApiSchema);
    ObjectNode schema = nodes.objectNode();
    schema.put("$schema", DRAFT_07);
    schema.put("$id", "https://modelplane.ai/schema/akscluster.schema.json");
    schema.put("title", kind + " (" + apiVersion + ")");
    converted.fields().forEachRemaining(field -> schema.set(field.getKey(), field.getValue()));
    ObjectNode properties = (ObjectNode) schema.get("properties");
    properties.set("apiVersion", nodes.objectNode().put("type", "string").put("const", apiVersion));
    properties.set("kind", nodes.objectNode().put("type", "string").put("const", kind));
    ObjectNode metadata = nodes.objectNode().put("type", "object");
    metadata.put(
        "description",
        "Standard Kubernetes object metadata; name and namespace become Azure names.");
    metadata.putArray("required").add("name");
    ObjectNode metadataProperties = metadata.putObject("properties");
    metadataProperties.set(
        "name",
        kubernetesName(
            253,
            "^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$",
            "Name of the cluster: a DNS-1123 subdomain (lowercase letters, digits, '-' and '.', at most 253 characters), as the API server accepts it; the Azure names are derived from it."));
    metadataProperties.set(
        "namespace",
        kubernetesName(
            63,
            "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$",
            "Namespace of the resource (default: default): a DNS-1123 label."));
    ObjectNode stringMap = nodes.objectNode().put("type", "object");
    stringMap.putObject("additionalProperties").put("type", "string");
    metadataProperties.set("labels", stringMap.deepCopy());
    metadataProperties.set("annotations", stringMap.deepCopy());
    properties.set("metadata", metadata);
    ArrayNode required = nodes.arrayNode().add("apiVersion").add("kind").add("metadata");
    schema.path("required").forEach(required::add);
    schema.set("required", required);
    return schema;
  }

  /** A DNS-1123 name: the subdomain of a custom resource's name, the label of a namespace. */
  private static ObjectNode kubernetesName(int maxLength, String pattern, String description) {
    return JsonNodeFactory.instance
        .objectNode()
        .put("type", "string")
        .put("description", description)
        .put("maxLength", maxLength)
        .put("pattern", pattern);
  }

  private static ObjectNode convert(JsonNode schema) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    for (String keyword : COPIED) {
      if (schema.has(keyword)) {
        out.set(keyword, schema.get(keyword).deepCopy());
      }
    }
    if (schema.has("properties")) {
      ObjectNode properties = out.putObject("properties");
      for (Map.Entry<String, JsonNode> property :
          (Iterable<Map.Entry<String, JsonNode>>) schema.get("properties")::fields) {
        properties.set(property.getKey(), convert(property.getValue()));
      }
      if (!schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false)) {
        out.put("additionalProperties", false);
      }
    }
    // A map (Crossplane's matchLabels): its values' schema, as the API server checks them.
    if (schema.path("additionalProperties").isObject()) {
      out.set("additionalProperties", convert(schema.get("additionalProperties")));
    }
    if (schema.has("required")) {
      out.set("required", schema.get("required").deepCopy());
    }
    if (schema.path("items").isObject()) {
      out.set("items", convert(schema.get("items")));
    }
    if ("set".equals(schema.path("x-kubernetes-list-type").asText())) {
      out.put("uniqueItems", true);
    }
    return out;
  }
}
