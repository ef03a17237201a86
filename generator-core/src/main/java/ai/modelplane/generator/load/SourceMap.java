package ai.modelplane.generator.load;

import java.util.HashMap;
import java.util.Map;

/**
 * Where each value of a parsed document came from, by JSON pointer ({@code
 * /spec/nodePools/1/name}): the position of its key (for object members) and of its value, and the
 * scalar as written.
 */
public final class SourceMap {
  /** The origin of one value. {@code key} is null for array items and the document root. */
  public record Origin(SourcePosition key, SourcePosition value, String rawScalar) {}

  private final Map<String, Origin> origins = new HashMap<>();

  void put(String pointer, Origin origin) {
    origins.put(pointer, origin);
  }

  /**
   * The origin of exactly this pointer, or null when the value was not in the source (e.g.
   * defaulted).
   */
  public Origin origin(String pointer) {
    return origins.get(pointer);
  }

  /**
   * Position of the value at {@code pointer}; for a value not written in the source (defaulted),
   * the key of its nearest written ancestor, the place where the user would add it.
   */
  public SourcePosition valuePosition(String pointer) {
    Origin exact = origins.get(pointer);
    return exact != null ? exact.value() : keyPosition(pointer);
  }

  /**
   * Position of the key naming the value at {@code pointer} (the value itself for array items),
   * falling back to the nearest written ancestor; used for unknown fields and missing children.
   */
  public SourcePosition keyPosition(String pointer) {
    Origin origin = nearest(pointer);
    if (origin == null) {
      return SourcePosition.UNKNOWN;
    }
    return origin.key() != null ? origin.key() : origin.value();
  }

  private Origin nearest(String pointer) {
    String current = pointer;
    while (true) {
      Origin origin = origins.get(current);
      if (origin != null || current.isEmpty()) {
        return origin;
      }
      current = current.substring(0, current.lastIndexOf('/'));
    }
  }
}
