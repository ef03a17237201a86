package ai.modelplane.generator.naming;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The live names a document records in {@link NameAnnotation}s; {@link #NONE} for a cluster that
 * follows Naming.
 */
public record NameOverrides(Map<NameAnnotation, String> names) {
  public static final NameOverrides NONE = new NameOverrides(Map.of());

  public NameOverrides {
    names = names.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(names));
  }

  /** The overrides among {@code annotations} (any other annotation is left alone). */
  public static NameOverrides fromAnnotations(Map<String, String> annotations) {
    Map<NameAnnotation, String> found = new EnumMap<>(NameAnnotation.class);
    annotations.forEach(
        (key, value) -> NameAnnotation.byKey(key).ifPresent(a -> found.put(a, value)));
    return found.isEmpty() ? NONE : new NameOverrides(found);
  }

  public Optional<String> get(NameAnnotation annotation) {
    return Optional.ofNullable(names.get(annotation));
  }

  public String orElse(NameAnnotation annotation, String derived) {
    return names.getOrDefault(annotation, derived);
  }

  public boolean isEmpty() {
    return names.isEmpty();
  }
}
