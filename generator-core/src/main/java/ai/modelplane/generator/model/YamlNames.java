package ai.modelplane.generator.model;

import java.util.Optional;

/** Finds the constant of an enum of the model by the spelling the YAML and the CRD use. */
public final class YamlNames {
  /** An enum constant with a YAML spelling. */
  public interface Named {
    /** The spelling used in the YAML and the CRD. */
    String yamlName();
  }

  private YamlNames() {}

  /** The constant of {@code type} spelled {@code value}, empty for none. */
  public static <E extends Enum<E> & Named> Optional<E> find(Class<E> type, String value) {
    for (E constant : type.getEnumConstants()) {
      if (constant.yamlName().equals(value)) {
        return Optional.of(constant);
      }
    }
    return Optional.empty();
  }

  /**
   * The constant of {@code type} spelled {@code value}; the CRD admitted it, so any other value is
   * a bug, reported with the {@code field} it was read from.
   */
  static <E extends Enum<E> & Named> E of(Class<E> type, String value, String field) {
    return find(type, value)
        .orElseThrow(() -> new IllegalArgumentException("unknown " + field + " " + value));
  }
}
