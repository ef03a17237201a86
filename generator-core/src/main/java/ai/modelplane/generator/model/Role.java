package ai.modelplane.generator.model;

/** {@code spec.nodePools[i].role}. */
public enum Role {
  SYSTEM("System"),
  GPU("GPU");

  private final String yamlName;

  Role(String yamlName) {
    this.yamlName = yamlName;
  }

  /** The spelling used in the YAML and the CRD. */
  public String yamlName() {
    return yamlName;
  }

  public static Role fromYaml(String value) {
    for (Role role : values()) {
      if (role.yamlName.equals(value)) {
        return role;
      }
    }
    throw new IllegalArgumentException("unknown role " + value);
  }
}
