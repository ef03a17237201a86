package ai.modelplane.generator.plan;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.plan.view.BoundView;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bounds of the CRD's fields under spec and status, by field path as the property table writes
 * it ({@code spec.nodePools[].vmSize}), as the generated Bicep parameters restate them: the bundled
 * CRD's OpenAPI bounds, with the maximum lowered to Azure's where the property table records a
 * lower one. Read from the CRD, so a bound changed there reaches the decorators without a second
 * edit, and a template names the field it restates rather than a constant per bound.
 */
final class FieldBounds {
  private static final BoundView NONE = new BoundView(null, null, null, null, null);

  private FieldBounds() {}

  /** Every field with at least one bound. */
  static Map<String, BoundView> of(CrdSchema crd, PropertyTable table) {
    Map<String, BoundView> bounds = new TreeMap<>();
    for (String top : List.of("spec", "status")) {
      walk(crd.field(top), top, table, bounds);
    }
    return bounds;
  }

  private static void walk(
      JsonNode schema, String path, PropertyTable table, Map<String, BoundView> bounds) {
    BoundView bound = bound(schema, path, table);
    if (!bound.equals(NONE)) {
      bounds.put(path, bound);
    }
    JsonNode object = schema.path("type").asText().equals("array") ? schema.path("items") : schema;
    String prefix = object == schema ? path + "." : path + "[].";
    for (Iterator<Map.Entry<String, JsonNode>> it = object.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> child = it.next();
      walk(child.getValue(), prefix + child.getKey(), table, bounds);
    }
  }

  private static BoundView bound(JsonNode schema, String path, PropertyTable table) {
    Integer maximum = keyword(schema, "maximum");
    Integer azure =
        table
            .byField(path)
            .flatMap(Property::setting)
            .flatMap(Setting::azureMaximum)
            .map(Setting.AzureLimit::value)
            .orElse(null);
    if (azure != null) {
      if (maximum != null && azure >= maximum) {
        throw new IllegalStateException(
            PropertyTable.RESOURCE
                + ": "
                + path
                + ": azure-maximum "
                + azure
                + " is not below the CRD's maximum "
                + maximum);
      }
      maximum = azure;
    }
    return new BoundView(
        keyword(schema, "minimum"),
        maximum,
        keyword(schema, "minLength"),
        keyword(schema, "maxLength"),
        keyword(schema, "maxItems"));
  }

  private static Integer keyword(JsonNode schema, String keyword) {
    JsonNode value = schema.path(keyword);
    return value.isInt() ? value.intValue() : null;
  }
}
