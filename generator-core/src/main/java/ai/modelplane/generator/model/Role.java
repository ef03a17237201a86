package ai.modelplane.generator.model;

/** {@code spec.nodePools[i].role}. */
public enum Role implements YamlNames.Named {
  SYSTEM("System"),
  GPU("GPU");

  private final String yamlName;

  Role(String yamlName) {
    this.yamlName = yamlName;
  }

  @Override
  public String yamlName() {
    return yamlName;
  }

  public static Role fromYaml(String value) {
    return YamlNames.of(Role.class, value, "role");
  }
}
