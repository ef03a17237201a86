package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.FieldPaths;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Validates a defaulted document against the CRD's structural schema with the networknt validator
 * and words each finding the way the Kubernetes API server does ({@code Required value}, {@code
 * Unsupported value: …}, {@code Invalid value: …}), with a "did you mean" for unknown fields and a
 * hint for YAML 1.1 values that were meant as strings.
 */
public final class SchemaValidator {
  private final JsonNode openApiSchema;
  private final JsonNode jsonSchema;
  private final Schema schema;

  public SchemaValidator(JsonNode openApiSchema) {
    this.openApiSchema = openApiSchema;
    this.jsonSchema = JsonSchemas.forValidation(openApiSchema);
    this.schema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(jsonSchema);
  }

  /**
   * Loads every keyword validator now: networknt loads them lazily behind a plain flag, which is
   * only safe while one thread validates.
   */
  public void prepareForConcurrentUse() {
    schema.initializeValidators();
  }

  /**
   * Writes every violation to {@code findings}, including duplicate keys of {@code
   * x-kubernetes-list-type: map} lists; all are errors.
   */
  void validate(JsonNode document, Function<String, String> rawScalar, Findings findings) {
    for (Error error : schema.validate(document)) {
      translate(error, document, rawScalar, findings);
    }
    checkListMapKeys(openApiSchema, document, "", findings);
  }

  private void translate(
      Error error, JsonNode document, Function<String, String> rawScalar, Findings findings) {
    String pointer = pointer(error);
    JsonNode value = document.at(pointer);
    JsonNode propertySchema = schemaAt(jsonSchema, pointer);
    String keyword = error.getKeyword() == null ? "" : error.getKeyword();
    switch (keyword) {
      case "required" ->
          findings.errorAtKey(
              FieldPaths.pointer(pointer, error.getProperty()),
              DiagnosticCode.MP202,
              "Required value",
              "");
      case "additionalProperties" -> {
        String unknown = error.getProperty();
        List<String> known = new ArrayList<>();
        propertySchema.path("properties").fieldNames().forEachRemaining(known::add);
        String suggestion = Suggestions.closest(unknown, known);
        String hint =
            suggestion == null
                ? "known fields: " + String.join(", ", known)
                : "did you mean \"" + suggestion + "\"?";
        findings.errorAtKey(
            FieldPaths.pointer(pointer, unknown),
            DiagnosticCode.MP201,
            "unknown field \"" + unknown + "\"",
            hint);
      }
      case "type" -> {
        String expected = propertySchema.path("type").asText();
        String actual = JsonTypes.name(value);
        String raw = rawScalar.apply(pointer);
        String hint = "";
        if ("string".equals(expected)
            && raw != null
            && !value.isTextual()
            && !value.isContainerNode()) {
          hint =
              "YAML reads the unquoted "
                  + raw
                  + " as "
                  + JsonTypes.withArticle(actual)
                  + (value.isNumber() && !raw.equals(value.toString()) ? " (" + value + ")" : "")
                  + "; quote it: \""
                  + raw
                  + "\"";
        }
        findings.error(
            pointer,
            DiagnosticCode.MP203,
            "Invalid value: \"" + actual + "\": must be of type " + expected,
            hint);
      }
      case "enum" ->
          findings.error(
              pointer,
              DiagnosticCode.MP204,
              "Unsupported value: "
                  + value
                  + ": supported values: "
                  + toList(propertySchema.path("enum")).stream()
                      .map(JsonNode::toString)
                      .collect(Collectors.joining(", ")),
              "");
      case "pattern" ->
          findings.error(
              pointer,
              DiagnosticCode.MP205,
              "Invalid value: "
                  + value
                  + ": should match '"
                  + propertySchema.path("pattern").asText()
                  + "'",
              "");
      case "maxLength" ->
          findings.error(
              pointer,
              DiagnosticCode.MP206,
              "Too long: may not be more than "
                  + propertySchema.path("maxLength").asInt()
                  + " characters",
              "");
      case "minLength" ->
          findings.error(
              pointer,
              DiagnosticCode.MP206,
              "Invalid value: "
                  + value
                  + ": should be at least "
                  + propertySchema.path("minLength").asInt()
                  + " characters long",
              "");
      case "minimum" ->
          findings.error(
              pointer,
              DiagnosticCode.MP207,
              "Invalid value: "
                  + value
                  + ": should be greater than or equal to "
                  + propertySchema.path("minimum"),
              "");
      case "maximum" ->
          findings.error(
              pointer,
              DiagnosticCode.MP207,
              "Invalid value: "
                  + value
                  + ": should be less than or equal to "
                  + propertySchema.path("maximum"),
              "");
      case "multipleOf" ->
          findings.error(
              pointer,
              DiagnosticCode.MP210,
              "Invalid value: "
                  + value
                  + ": should be a multiple of "
                  + propertySchema
                      .path("multipleOf")
                      .decimalValue()
                      .stripTrailingZeros()
                      .toPlainString(),
              "");
      case "maxItems" ->
          findings.error(
              pointer,
              DiagnosticCode.MP208,
              "Too many: "
                  + value.size()
                  + ": must have at most "
                  + propertySchema.path("maxItems").asInt()
                  + " items",
              "");
      case "minItems" ->
          findings.error(
              pointer,
              DiagnosticCode.MP208,
              "Invalid value: "
                  + value.size()
                  + ": should have at least "
                  + propertySchema.path("minItems").asInt()
                  + " items",
              "");
      case "uniqueItems" ->
          findings.error(
              pointer, DiagnosticCode.MP209, "Duplicate value: " + firstDuplicate(value), "");
      default -> findings.error(pointer, DiagnosticCode.MP210, error.getMessage(), "");
    }
  }

  private static String firstDuplicate(JsonNode array) {
    List<JsonNode> seen = new ArrayList<>();
    for (JsonNode item : array) {
      if (seen.contains(item)) {
        return item.toString();
      }
      seen.add(item);
    }
    return array.toString();
  }

  /** {@code x-kubernetes-list-type: map}: items must be unique by their map keys. */
  private static void checkListMapKeys(
      JsonNode schema, JsonNode value, String pointer, Findings findings) {
    if (value == null) {
      return;
    }
    if (value.isArray() && "map".equals(schema.path("x-kubernetes-list-type").asText())) {
      List<String> keys = new ArrayList<>();
      schema.path("x-kubernetes-list-map-keys").forEach(key -> keys.add(key.asText()));
      Map<List<JsonNode>, Integer> seen = new HashMap<>();
      for (int i = 0; i < value.size(); i++) {
        List<JsonNode> identity = new ArrayList<>();
        for (String key : keys) {
          identity.add(value.get(i).path(key));
        }
        if (seen.putIfAbsent(identity, i) != null) {
          String itemPointer = FieldPaths.pointer(pointer, i);
          String keyPointer =
              keys.size() == 1 ? FieldPaths.pointer(itemPointer, keys.get(0)) : itemPointer;
          String shown = keys.size() == 1 ? identity.get(0).toString() : identity.toString();
          findings.error(keyPointer, DiagnosticCode.MP209, "Duplicate value: " + shown, "");
        }
      }
    }
    if (value.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> property = it.next();
        checkListMapKeys(
            property.getValue(),
            value.get(property.getKey()),
            FieldPaths.pointer(pointer, property.getKey()),
            findings);
      }
    } else if (value.isArray() && schema.path("items").isObject()) {
      for (int i = 0; i < value.size(); i++) {
        checkListMapKeys(
            schema.get("items"), value.get(i), FieldPaths.pointer(pointer, i), findings);
      }
    }
  }

  private static String pointer(Error error) {
    var path = error.getInstanceLocation();
    String pointer = "";
    for (int i = 0; i < path.getNameCount(); i++) {
      pointer = FieldPaths.pointer(pointer, path.getElement(i).toString());
    }
    return pointer;
  }

  /** The sub-schema describing the value at {@code pointer}. */
  static JsonNode schemaAt(JsonNode schema, String pointer) {
    JsonNode current = schema;
    for (String segment : FieldPaths.segments(pointer)) {
      if (current.path("properties").has(segment)) {
        current = current.path("properties").get(segment);
      } else if (current.has("items")) {
        current = current.get("items");
      } else if (current.path("additionalProperties").isObject()) {
        current = current.get("additionalProperties");
      } else {
        return MissingNode.getInstance();
      }
    }
    return current;
  }

  private static List<JsonNode> toList(JsonNode array) {
    List<JsonNode> list = new ArrayList<>();
    array.forEach(list::add);
    return list;
  }
}
