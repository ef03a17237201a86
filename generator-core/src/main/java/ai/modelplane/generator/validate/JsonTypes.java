package ai.modelplane.generator.validate;

import com.fasterxml.jackson.databind.JsonNode;

/** JSON type names as the API server words them ("must be of type string"). */
final class JsonTypes {
  private JsonTypes() {}

  /** "an integer", "a number". */
  static String withArticle(String type) {
    return ("aeiou".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type;
  }

  /**
   * The JSON Schema type of {@code value}: integer, number, string, boolean, array, object, null.
   */
  static String name(JsonNode value) {
    if (value.isIntegralNumber()) {
      return "integer";
    }
    if (value.isNumber()) {
      return "number";
    }
    if (value.isTextual()) {
      return "string";
    }
    if (value.isBoolean()) {
      return "boolean";
    }
    if (value.isArray()) {
      return "array";
    }
    if (value.isObject()) {
      return "object";
    }
    return "null";
  }
}
