package ai.modelplane.generator.model;

/** {@code spec.nodePools[i].fabric}. */
public enum Fabric implements YamlNames.Named {
  NONE("None"),
  INFINIBAND("InfiniBand");

  private final String yamlName;

  Fabric(String yamlName) {
    this.yamlName = yamlName;
  }

  @Override
  public String yamlName() {
    return yamlName;
  }

  public static Fabric fromYaml(String value) {
    return YamlNames.of(Fabric.class, value, "fabric");
  }
}
