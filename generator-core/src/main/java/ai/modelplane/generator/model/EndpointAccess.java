package ai.modelplane.generator.model;

/**
 * {@code spec.endpointAccess}: whether the API server has a public address or only a private
 * endpoint.
 */
public enum EndpointAccess implements YamlNames.Named {
  PUBLIC("Public"),
  PRIVATE("Private");

  private final String yamlName;

  EndpointAccess(String yamlName) {
    this.yamlName = yamlName;
  }

  @Override
  public String yamlName() {
    return yamlName;
  }

  public static EndpointAccess fromYaml(String value) {
    return YamlNames.of(EndpointAccess.class, value, "endpointAccess");
  }
}
