package ai.modelplane.generator.diff;

import static java.util.Map.entry;

import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.plan.view.PoolView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * How diff reads each pool change fact's value off the {@link PoolView} the templates lay out: one
 * line per property of {@code properties.yaml}'s pool facts. {@code name} has none: pools are
 * matched by it ({@link PoolDiff}).
 */
final class PoolValues {
  /** A value shown whole, or a map whose differing entries are shown. */
  sealed interface PoolValue permits Text, Entries {}

  record Text(Function<PoolView, String> read) implements PoolValue {}

  record Entries(Function<PoolView, SortedMap<String, String>> read) implements PoolValue {}

  /** A value the output leaves to Azure. */
  static final String NOT_SET = "not set";

  private static final Map<String, PoolValue> VALUES =
      withSettings(
          Map.ofEntries(
              entry("vmSize", new Text(PoolView::vmSize)),
              entry("zones", new Text(p -> joined(p.zones()))),
              entry("gpuDriver", new Text(PoolValues::gpuDriver)),
              entry("mode", new Text(PoolView::mode)),
              entry("minNodeCount", new Text(p -> Integer.toString(p.minCount()))),
              entry("maxNodeCount", new Text(p -> Integer.toString(p.maxCount()))),
              entry("nodeCount", new Text(p -> Integer.toString(p.nodeCount()))),
              entry("fabric", new Text(PoolValues::fabric)),
              entry("labels", new Entries(PoolValues::labels)),
              entry("taints", new Text(p -> joined(p.taints()))),
              entry("priority", new Text(p -> p.spot() ? "Spot" : "Regular")),
              entry("spotMaxPrice", new Text(p -> p.spot() ? p.spotMaxPrice() : "not set")),
              entry(
                  "migProfile", new Text(p -> p.migProfile() == null ? "not set" : p.migProfile())),
              entry("upgradeSurge", new Text(PoolValues::upgradeSurge)),
              entry(
                  PoolDiff.DRAIN_TIMEOUT,
                  new Text(
                      p ->
                          p.drainTimeoutMinutes() == null
                              ? NOT_SET
                              : Integer.toString(p.drainTimeoutMinutes())))));

  private PoolValues() {}

  /**
   * The bindings above, and for each setting of the property table (a field both targets take as
   * written) its value as the YAML writes it, under each of its change-fact properties.
   */
  private static Map<String, PoolValue> withSettings(Map<String, PoolValue> values) {
    Map<String, PoolValue> all = new HashMap<>(values);
    for (Property setting : PropertyTable.bundled().settings()) {
      String name = setting.name();
      for (String property : setting.factProperties()) {
        Text read = new Text(p -> Objects.requireNonNullElse(p.setting(name), NOT_SET));
        if (all.put(property, read) != null) {
          throw new IllegalStateException(property + " has a binding and is a setting");
        }
      }
    }
    return Map.copyOf(all);
  }

  /** The properties that have a binding. */
  static Set<String> properties() {
    return VALUES.keySet();
  }

  /** The binding of a pool fact property, empty for one diff compares otherwise. */
  static Optional<PoolValue> of(String property) {
    return Optional.ofNullable(VALUES.get(property));
  }

  private static String joined(List<String> values) {
    return values.isEmpty() ? ModelDiff.NONE : String.join(", ", values);
  }

  private static String gpuDriver(PoolView pool) {
    return pool.gpuDriver().equals(Platform.GPU_DRIVER_INSTALL) ? pool.gpuDriver() : "not set";
  }

  /**
   * How the pool upgrades, as the output sets it: one of max surge and max unavailable (the other
   * is sent as 0); none on Spot pools, which take no upgrade settings.
   */
  private static String upgradeSurge(PoolView pool) {
    if (pool.spot()) {
      return NOT_SET;
    }
    return pool.maxSurge() != null
        ? "maxSurge " + pool.maxSurge()
        : "maxUnavailable " + pool.maxUnavailable();
  }

  private static String fabric(PoolView pool) {
    return (pool.infiniband() ? Fabric.INFINIBAND : Fabric.NONE).yamlName();
  }

  private static SortedMap<String, String> labels(PoolView pool) {
    SortedMap<String, String> labels = new TreeMap<>();
    pool.labels().forEach(label -> labels.put(label.key(), label.value()));
    return labels;
  }
}
