package ai.modelplane.generator.plan;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.plan.view.BoundView;
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
final class FieldBounds {
  private FieldBounds() {}

  private static final BoundView NONE = new BoundView(null, null, null, null, null);

  /** Every table field with at least one bound. */
  static Map<String, BoundView> of(CrdSchema crd, PropertyTable table) {
    Map<String, BoundView> bounds = new TreeMap<>();
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
      BoundView bound =
          new BoundView(
              bound(schema, "minimum"),
              maximum,
              bound(schema, "minLength"),
              bound(schema, "maxLength"),
              bound(schema, "maxItems"));
      if (!bound.equals(NONE)) {
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
