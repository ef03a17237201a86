package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.FieldPaths;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The locations where a transition rule runs, as the API server correlates them: a value present
 * (and not null) in both revisions, reached through properties and through {@code
 * x-kubernetes-list-type: map} items matched by their keys. Under any other list a transition rule
 * never runs (the API server refuses such a CRD).
 */
final class TransitionTargets {
  /** A location present in both revisions: its pointer in the new one, and both values. */
  record Target(String pointer, JsonNode now, JsonNode before) {}

  private TransitionTargets() {}

  /** Where {@code rule} runs on an update of {@code previous} to {@code document}. */
  static List<Target> of(JsonNode document, JsonNode previous, CelRules.Rule rule) {
    List<Target> found = new ArrayList<>();
    found.add(new Target("", document, previous));
    int item = 0;
    for (String segment : FieldPaths.segments(rule.schemaPath())) {
      List<Target> next = new ArrayList<>();
      if (segment.equals("*")) {
        List<String> keys = rule.itemKeys().get(item++);
        if (keys.isEmpty()) {
          return List.of();
        }
        for (Target at : found) {
          if (!at.now().isArray() || !at.before().isArray()) {
            continue;
          }
          for (int i = 0; i < at.now().size(); i++) {
            JsonNode now = at.now().get(i);
            for (JsonNode before : at.before()) {
              if (sameKeys(now, before, keys)) {
                next.add(new Target(FieldPaths.pointer(at.pointer(), i), now, before));
                break;
              }
            }
          }
        }
      } else {
        for (Target at : found) {
          JsonNode now = at.now().get(segment);
          JsonNode before = at.before().get(segment);
          if (at.now().isObject()
              && at.before().isObject()
              && now != null
              && before != null
              && !now.isNull()
              && !before.isNull()) {
            next.add(new Target(FieldPaths.pointer(at.pointer(), segment), now, before));
          }
        }
      }
      found = next;
    }
    return found;
  }

  private static boolean sameKeys(JsonNode now, JsonNode before, List<String> keys) {
    for (String key : keys) {
      if (!now.path(key).equals(before.path(key))) {
        return false;
      }
    }
    return true;
  }
}
