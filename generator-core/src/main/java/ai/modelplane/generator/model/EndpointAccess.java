package ai.modelplane.generator.model;

/**
 * {@code spec.endpointAccess}: whether the API server has a public address or only a private
 * endpoint.
 */
public enum EndpointAccess {
  PUBLIC("Public"),
  PRIVATE("Private");

  private final String yamlName;

  EndpointAccess(String yamlName) {
    this.yamlName = yamlName;
  }

  /** The spelling used in the YAML and the CRD. */
  public String yamlName() {
    return yamlName;
  }

  public static EndpointAccess fromYaml(String value) {
    for (EndpointAccess access : values()) {
      if (access.yamlName.equals(value)) {
        return access;
      }
    }
    throw new IllegalArgumentException("unknown endpointAccess " + value);
  }
}
