package ai.modelplane.generator.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The values a pool sets for the fields both targets take as written (the property table's
 * settings), by field name in table order, as written in the YAML; a field the YAML leaves out is
 * absent.
 */
public record PoolSettings(Map<String, String> values) {
  public PoolSettings {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The value of the field {@code name}, if the YAML sets it. */
  public Optional<String> get(String name) {
    return Optional.ofNullable(values.get(name));
  }
}
