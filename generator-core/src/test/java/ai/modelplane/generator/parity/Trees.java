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

  // Reading a node of such a tree, as the facts extractors do after evaluating generated code: a
  // value only known at deployment (or apply) time fails here, naming the value.

  @SuppressWarnings("unchecked")
  public static Map<String, Object> map(Object value) {
    if (!(value instanceof Map)) {
      throw new IllegalStateException("not a static object: " + value);
    }
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  public static List<Object> list(Object value) {
    if (!(value instanceof List)) {
      throw new IllegalStateException("not a static list: " + value);
    }
    return (List<Object>) value;
  }

  public static List<String> strings(Object value) {
    return list(value).stream().map(Trees::string).toList();
  }

  public static String string(Object value) {
    if (!(value instanceof String text)) {
      throw new IllegalStateException("not a static string: " + value);
    }
    return text;
  }

  public static int integer(Object value) {
    if (!(value instanceof Long number)) {
      throw new IllegalStateException("not a static number: " + value);
    }
    return Math.toIntExact(number);
  }
}
