package ai.modelplane.generator.diagnostic;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Converts JSON pointers ({@code /spec/nodePools/1/name}) to Kubernetes field paths ({@code
 * spec.nodePools[1].name}).
 */
public final class FieldPaths {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern INDEX = Pattern.compile("0|[1-9][0-9]*");

  private FieldPaths() {}

  public static String pointer(String parent, String child) {
    return parent + "/" + child.replace("~", "~0").replace("/", "~1");
  }

  public static String pointer(String parent, int index) {
    return parent + "/" + index;
  }

  /** Segments of a pointer, unescaped. */
  public static List<String> segments(String pointer) {
    List<String> segments = new ArrayList<>();
    if (pointer.isEmpty()) {
      return segments;
    }
    for (String raw : pointer.substring(1).split("/", -1)) {
      segments.add(raw.replace("~1", "/").replace("~0", "~"));
    }
    return segments;
  }

  /**
   * The Kubernetes-style path. Array indexes become {@code [n]}; map keys that are not identifiers
   * (label keys such as {@code modelplane.ai/pool}) become {@code [key]}, as apimachinery prints
   * them.
   */
  public static String toFieldPath(String pointer, com.fasterxml.jackson.databind.JsonNode root) {
    StringBuilder path = new StringBuilder();
    com.fasterxml.jackson.databind.JsonNode node = root;
    for (String segment : segments(pointer)) {
      boolean arrayIndex = INDEX.matcher(segment).matches() && node != null && node.isArray();
      if (arrayIndex || !IDENTIFIER.matcher(segment).matches()) {
        path.append('[').append(segment).append(']');
      } else {
        if (path.length() > 0) {
          path.append('.');
        }
        path.append(segment);
      }
      node =
          node == null
              ? null
              : (node.isArray() && arrayIndex
                  ? node.get(Integer.parseInt(segment))
                  : node.get(segment));
    }
    return path.toString();
  }
}
