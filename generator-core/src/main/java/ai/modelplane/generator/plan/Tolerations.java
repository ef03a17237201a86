package ai.modelplane.generator.plan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Pod tolerations derived from node taints as the pools set them ({@code key=value:Effect} or
 * {@code key:Effect}), so that a DaemonSet that must reach those nodes tolerates exactly what they
 * carry: the same key and effect, any value ({@code operator: Exists}).
 */
final class Tolerations {
  private Tolerations() {}

  /** One toleration per distinct key and effect of {@code taints}, in their order. */
  static ArrayNode of(Collection<String> taints) {
    Set<String> seen = new LinkedHashSet<>();
    ArrayNode tolerations = JsonNodeFactory.instance.arrayNode();
    for (String taint : taints) {
      int colon = taint.lastIndexOf(':');
      if (colon <= 0 || colon == taint.length() - 1) {
        throw new IllegalArgumentException("not a taint key[=value]:Effect: " + taint);
      }
      String effect = taint.substring(colon + 1);
      int equals = taint.indexOf('=');
      String key =
          equals >= 0 && equals < colon ? taint.substring(0, equals) : taint.substring(0, colon);
      if (seen.add(key + ":" + effect)) {
        tolerations.addObject().put("key", key).put("operator", "Exists").put("effect", effect);
      }
    }
    return tolerations;
  }
}
