package ai.modelplane.generator.model;

import java.util.List;
import java.util.Objects;

/**
 * {@code spec.authentication}, a Modelplane extension: how people and tools sign in to the API
 * server.
 *
 * @param mode {@code spec.authentication.mode}, LocalAccounts when the spec leaves it out
 * @param adminGroupObjectIds {@code spec.authentication.adminGroupObjectIds}, in YAML order; empty
 *     with LocalAccounts (validation allows them only with EntraID)
 */
public record Authentication(Mode mode, List<String> adminGroupObjectIds) {
  /** What a spec without {@code authentication} gets: local accounts, no Entra ID. */
  public static final Authentication LOCAL_ACCOUNTS =
      new Authentication(Mode.LOCAL_ACCOUNTS, List.of());

  public Authentication {
    Objects.requireNonNull(mode, "mode");
    adminGroupObjectIds = List.copyOf(adminGroupObjectIds);
  }

  /** True for Microsoft Entra ID integration with local accounts disabled. */
  public boolean entraId() {
    return mode == Mode.ENTRA_ID;
  }

  /** {@code spec.authentication.mode}. */
  public enum Mode implements YamlNames.Named {
    LOCAL_ACCOUNTS("LocalAccounts"),
    ENTRA_ID("EntraID");

    private final String yamlName;

    Mode(String yamlName) {
      this.yamlName = yamlName;
    }

    @Override
    public String yamlName() {
      return yamlName;
    }

    public static Mode fromYaml(String value) {
      return YamlNames.of(Mode.class, value, "authentication mode");
    }
  }
}
