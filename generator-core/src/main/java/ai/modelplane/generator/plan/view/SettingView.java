package ai.modelplane.generator.plan.view;

import java.util.List;

/**
 * A pool field both targets take as written (a setting of the property table), as the templates
 * declare it in the pool and cluster modules and pass it from the roots.
 *
 * @param position its place among the table's settings, the order the templates list them in
 * @param name the YAML field, such as {@code osSku}, which also names the Bicep pool module's
 *     parameter ({@code systemPool} before it names the cluster module's, for the default pool)
 * @param terraform the azurerm argument and the pool module's input, such as {@code os_sku}
 * @param armProperty the agent pool property the Bicep output sets, such as {@code osSKU}
 * @param hclType the Terraform type of the input ({@code string}, {@code number})
 * @param bicepType the Bicep type of the parameter ({@code string}, {@code int})
 * @param quoted true when both targets write the value as a string
 * @param required true when every pool has a value and the templates place it themselves; the
 *     templates list only the others
 * @param allowed the values the CRD allows, which the Bicep parameters restate; empty for no enum
 * @param description what the pool module's input says
 * @param defaultPoolDescription what the cluster module's default-pool input says
 */
public record SettingView(
    int position,
    String name,
    String terraform,
    String armProperty,
    String hclType,
    String bicepType,
    boolean quoted,
    boolean required,
    List<String> allowed,
    String description,
    String defaultPoolDescription) {
  public SettingView {
    allowed = List.copyOf(allowed);
  }

  /**
   * One pool's value of a setting.
   *
   * @param setting the setting
   * @param value the value as the YAML writes it
   */
  public record Value(SettingView setting, String value) {
    public String name() {
      return setting.name();
    }
  }
}
