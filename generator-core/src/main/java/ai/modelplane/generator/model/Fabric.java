package ai.modelplane.generator.model;

/** {@code spec.nodePools[i].fabric}. */
public enum Fabric {
  NONE("None"),
  INFINIBAND("InfiniBand");

  private final String yamlName;

  Fabric(String yamlName) {
    this.yamlName = yamlName;
  }

  /** The spelling used in the YAML and the CRD. */
  public String yamlName() {
    return yamlName;
  }

  public static Fabric fromYaml(String value) {
    for (Fabric fabric : values()) {
      if (fabric.yamlName.equals(value)) {
        return fabric;
      }
    }
    throw new IllegalArgumentException("unknown fabric " + value);
  }
}
