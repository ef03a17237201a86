package ai.modelplane.generator.render;

import java.util.Locale;

/** An infrastructure-as-code language the generator writes. */
public enum Target {
  TERRAFORM,
  BICEP;

  /** Lower-case name used on the command line, in properties and as the output folder name. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Target fromId(String id) {
    for (Target target : values()) {
      if (target.id().equals(id.trim().toLowerCase(Locale.ROOT))) {
        return target;
      }
    }
    throw new IllegalArgumentException("unknown target '" + id + "' (expected terraform or bicep)");
  }
}
