package ai.modelplane.drift;

import static ai.modelplane.drift.DriftSeverity.HIGH;
import static ai.modelplane.drift.DriftSeverity.LOW;
import static ai.modelplane.drift.DriftSeverity.MEDIUM;

import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.Scope;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The drift rules of the property table, each implemented once: one entry's desired value (in ARM's
 * shape, {@link ArmDesired}) against the live value at its {@code arm} path.
 */
final class PropertyDrift {
  /**
   * How urgent a difference is where the scope's default does not fit: HIGH means another machine
   * or another cluster than the YAML describes, LOW a name or a count that does not change what
   * runs. Cluster fields default to HIGH, pool fields to MEDIUM.
   */
  private static final Map<String, DriftSeverity> SEVERITY =
      Map.of(
          "metadata.annotations[infrastructure.modelplane.ai/node-resource-group]", LOW,
          "metadata.annotations[infrastructure.modelplane.ai/dns-prefix]", LOW,
          "spec.nodePools[].role", HIGH,
          "spec.nodePools[].vmSize", HIGH,
          "spec.nodePools[].nodeCount", LOW,
          // Another window changes when upgrades drain nodes, not what runs.
          "spec.maintenance.autoUpgradeWindow", MEDIUM,
          "spec.maintenance.nodeOsWindow", MEDIUM);

  /** The fields that set the autoscaler's bounds, where a count outside them points. */
  static final String MIN_FIELD = "minNodeCount";

  static final String MAX_FIELD = "maxNodeCount";

  private PropertyDrift() {}

  /**
   * Where one entry's findings go.
   *
   * @param path the YAML path that owns the value ({@code spec.nodePools[1].vmSize})
   * @param parent the YAML path of the object holding it (the pool), for live values the YAML does
   *     not set
   * @param azureProperty where ARM holds it ({@code agentPoolProfiles[gpuh100].vmSize})
   * @param entryOwner for a map: the YAML path that owns each generated key
   */
  record Target(
      String path, String parent, String azureProperty, UnaryOperator<String> entryOwner) {}

  /** The fields whose severity is not their scope's default. */
  static java.util.Set<String> severityExceptions() {
    return SEVERITY.keySet();
  }

  static DriftSeverity severity(Property property) {
    return SEVERITY.getOrDefault(
        property.field(), property.scope() == Scope.CLUSTER ? HIGH : MEDIUM);
  }

  /** Adds what the rule finds between {@code desired} and {@code live}. */
  static void compare(
      Property property, Target target, JsonNode desired, JsonNode live, List<Finding> findings) {
    DriftSeverity severity = severity(property);
    String path = target.path();
    String arm = target.azureProperty();
    switch (property.drift()) {
      case EXACT -> {
        if (!exact(desired, live)) {
          findings.add(
              Finding.changed(path, arm, severity, shown(desired), shownLive(desired, live)));
        }
      }
      case EXACT_WHEN_SET -> {
        // Left out of the YAML, the output sets nothing and Azure's choice is no drift.
        if (!desired.isMissingNode() && !exact(desired, live)) {
          findings.add(
              Finding.changed(path, arm, severity, shown(desired), shownLive(desired, live)));
        }
      }
      case IGNORE_CASE -> {
        if (!desired.asText().equalsIgnoreCase(live.isMissingNode() ? "" : live.asText())) {
          findings.add(Finding.changed(path, arm, severity, desired.asText(), text(live)));
        }
      }
      case REGION -> {
        if (live.isMissingNode() || !region(desired.asText()).equals(region(live.asText()))) {
          findings.add(Finding.changed(path, arm, severity, desired.asText(), text(live)));
        }
      }
      case VERSION_PREFIX -> {
        if (!versionMatches(desired.asText(), text(live))) {
          findings.add(Finding.changed(path, arm, severity, desired.asText(), text(live)));
        }
      }
      case SET -> {
        TreeSet<String> want = strings(desired);
        TreeSet<String> have = strings(live);
        if (!want.equals(have)) {
          findings.add(Finding.changed(path, arm, severity, bracketed(want), bracketed(have)));
        }
      }
      case MAP_ENTRIES -> mapEntries(target, severity, desired, live, findings);
      case AUTOSCALER_BOUND -> {
        // The autoscaler owns the value; only one outside the bounds the YAML sets is worth a note.
        int min = desired.get(0).asInt();
        int max = desired.get(1).asInt();
        if (live.isNumber() && (live.asInt() < min || live.asInt() > max)) {
          String bound = target.parent() + "." + (live.asInt() < min ? MIN_FIELD : MAX_FIELD);
          findings.add(Finding.changed(bound, arm, severity, min + ".." + max, live.asInt()));
        }
      }
      // The lookups that find the live resource by it report a missing one.
      // NAMED_CHECK: ExtensionComparator, which also reads the pools' copies of the cluster's tags.
      case IDENTITY, NAMED_CHECK, NOT_COMPARED -> {}
    }
  }

  /**
   * Each generated entry, missing or changed, at the field that owns it; a live entry the code does
   * not set is reported at the parent, LOW, once.
   */
  private static void mapEntries(
      Target target,
      DriftSeverity severity,
      JsonNode desired,
      JsonNode live,
      List<Finding> findings) {
    Map<String, String> liveEntries = new TreeMap<>();
    live.fields().forEachRemaining(e -> liveEntries.put(e.getKey(), e.getValue().asText()));
    desired
        .fields()
        .forEachRemaining(
            entry -> {
              String key = entry.getKey();
              String want = entry.getValue().asText();
              String property = target.azureProperty() + "[\"" + key + "\"]";
              String owner = target.entryOwner().apply(key);
              String have = liveEntries.remove(key);
              if (have == null) {
                findings.add(Finding.missing(owner, property, severity, want));
              } else if (!have.equals(want)) {
                findings.add(Finding.changed(owner, property, severity, want, have));
              }
            });
    liveEntries.forEach(
        (key, value) ->
            findings.add(
                Finding.unexpected(
                    target.parent(), target.azureProperty() + "[\"" + key + "\"]", LOW, value)));
  }

  /**
   * Scalars by value (numbers numerically); a list in order. A boolean ARM leaves out is false, and
   * a list it leaves out is empty.
   */
  private static boolean exact(JsonNode desired, JsonNode live) {
    if (desired.isBoolean()) {
      return desired.asBoolean() == (live.isBoolean() && live.asBoolean());
    }
    if (desired.isArray()) {
      return strings(desired, new ArrayList<>()).equals(strings(live, new ArrayList<>()));
    }
    if (desired.isNumber() && live.isNumber()) {
      return desired.decimalValue().compareTo(live.decimalValue()) == 0;
    }
    return desired.equals(live);
  }

  private static String shown(JsonNode value) {
    return value.isArray() ? String.join(", ", strings(value, new ArrayList<>())) : text(value);
  }

  private static String shownLive(JsonNode desired, JsonNode live) {
    if (desired.isBoolean()) {
      return Boolean.toString(live.isBoolean() && live.asBoolean());
    }
    return desired.isArray() ? String.join(", ", strings(live, new ArrayList<>())) : text(live);
  }

  /**
   * The value as text, {@code null} (shown as absent) when ARM has none; an object (a maintenance
   * window) as compact JSON, which names each of its fields.
   */
  private static String text(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    return value.isContainerNode() ? value.toString() : value.asText();
  }

  private static TreeSet<String> strings(JsonNode array) {
    return strings(array, new TreeSet<>());
  }

  private static <C extends java.util.Collection<String>> C strings(JsonNode array, C into) {
    array.forEach(item -> into.add(item.asText()));
    return into;
  }

  private static String bracketed(TreeSet<String> values) {
    return "[" + String.join(", ", values) + "]";
  }

  /**
   * ARM returns canonical names ({@code westeurope}); users sometimes write display names ({@code
   * West Europe}).
   */
  private static String region(String location) {
    return location.replace(" ", "").toLowerCase(Locale.ROOT);
  }

  /**
   * A {@code major.minor} in the YAML matches any live patch of it; a full {@code
   * major.minor.patch} must match exactly.
   */
  static boolean versionMatches(String desired, String live) {
    if (live == null) {
      return false;
    }
    if (desired.split("\\.").length == 2) {
      return live.equals(desired) || live.startsWith(desired + ".");
    }
    return live.equals(desired);
  }
}
