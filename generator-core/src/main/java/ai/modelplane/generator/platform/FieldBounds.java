package ai.modelplane.generator.platform;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bounds of the property table's fields, by field path ({@code spec.nodePools[].vmSize}), as
 * the generated Bicep parameters restate them: the bundled CRD's OpenAPI bounds, with the maximum
 * lowered to Azure's where the table records a lower one. Read from the CRD, so a bound changed
 * there reaches the decorators without a second edit, and a template names the field it restates
 * rather than a constant per bound.
 */
public final class FieldBounds {
  private FieldBounds() {}

  /**
   * One field's bounds; {@code null} where it has none of that kind.
   *
   * @param minimum an integer's least value
   * @param maximum an integer's largest value, Azure's where that is lower than the CRD's
   * @param minLength a string's fewest characters
   * @param maxLength a string's most characters
   * @param maxItems a list's most entries
   */
  public record Bound(
      Integer minimum, Integer maximum, Integer minLength, Integer maxLength, Integer maxItems) {
    static final Bound NONE = new Bound(null, null, null, null, null);
  }

  /** Every table field with at least one bound. */
  public static Map<String, Bound> of(CrdSchema crd, PropertyTable table) {
    Map<String, Bound> bounds = new TreeMap<>();
    for (Property property : table.all()) {
      JsonNode schema = crd.field(property.field());
      Integer maximum = bound(schema, "maximum");
      Integer azure =
          property
              .setting()
              .flatMap(Setting::azureMaximum)
              .map(Setting.AzureLimit::value)
              .orElse(null);
      if (azure != null) {
        if (maximum != null && azure >= maximum) {
          throw new IllegalStateException(
              PropertyTable.RESOURCE
                  + ": "
                  + property.field()
                  + ": azure-maximum "
                  + azure
                  + " is not below the CRD's maximum "
                  + maximum);
        }
        maximum = azure;
      }
      Bound bound =
          new Bound(
              bound(schema, "minimum"),
              maximum,
              bound(schema, "minLength"),
              bound(schema, "maxLength"),
              bound(schema, "maxItems"));
      if (!bound.equals(Bound.NONE)) {
        bounds.put(property.field(), bound);
      }
    }
    return bounds;
  }

  private static Integer bound(JsonNode schema, String keyword) {
    JsonNode value = schema.path(keyword);
    return value.isInt() ? value.intValue() : null;
  }
}
