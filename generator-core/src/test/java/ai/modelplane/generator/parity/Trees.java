package ai.modelplane.generator.parity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON-like trees (maps, lists, strings, {@code Long}, {@code Boolean}) that compare by content.
 */
public final class Trees {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Trees() {}

  /** The object a YAML (or JSON) document holds. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> yaml(String text) {
    try {
      return (Map<String, Object>) of(YAML.readTree(text));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object of(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields().forEachRemaining(e -> map.put(e.getKey(), of(e.getValue())));
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(item -> list.add(of(item)));
      return list;
    }
    if (node.isIntegralNumber()) {
      return node.longValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isTextual()) {
      return node.textValue();
    }
    throw new IllegalArgumentException("not a plain value: " + node);
  }
}
