package ai.modelplane.generator.docs;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The field tree of the AKSCluster resource, read from the CRD (never from Java constants). */
public final class FieldReference {
  private final CrdSchema crd;
  private final FieldDoc root;

  public FieldReference(CrdSchema crd) {
    this.crd = crd;
    JsonNode schema = crd.openApiSchema();
    this.root = field("", CrdSchema.KIND, schema, true, List.of());
  }

  public CrdSchema crd() {
    return crd;
  }

  /** The resource itself, whose children are the top-level fields. */
  public FieldDoc root() {
    return root;
  }

  /**
   * Finds a field by a dotted path such as {@code spec.nodePools.fabric}; list indexes ({@code
   * nodePools[0]}, {@code nodePools[]}) and a leading resource name ({@code akscluster.}) are
   * accepted.
   */
  public Optional<FieldDoc> find(String dottedPath) {
    String[] segments = dottedPath.strip().split("\\.");
    FieldDoc current = root;
    int start = 0;
    if (segments.length > 0 && isResourceName(segments[0])) {
      start = 1;
    }
    for (int i = start; i < segments.length; i++) {
      String segment = segments[i].replaceAll("\\[[^]]*]$", "");
      if (segment.isEmpty()) {
        return Optional.empty();
      }
      Optional<FieldDoc> child =
          current.children().stream().filter(c -> c.name().equals(segment)).findFirst();
      if (child.isEmpty()) {
        return Optional.empty();
      }
      current = child.get();
    }
    return Optional.of(current);
  }

  private boolean isResourceName(String segment) {
    String lower = segment.toLowerCase(Locale.ROOT);
    JsonNode names = crd.crd().path("spec").path("names");
    Set<String> accepted = new HashSet<>();
    accepted.add(names.path("kind").asText().toLowerCase(Locale.ROOT));
    accepted.add(names.path("plural").asText());
    accepted.add(names.path("singular").asText());
    names.path("shortNames").forEach(n -> accepted.add(n.asText()));
    return accepted.contains(lower)
        && root.children().stream().noneMatch(c -> c.name().equals(segment));
  }

  private static FieldDoc field(
      String path, String name, JsonNode schema, boolean required, List<String> rulesFromParent) {
    JsonNode objectSchema =
        schema.path("type").asText().equals("array") ? schema.path("items") : schema;
    Set<String> requiredChildren = new HashSet<>();
    objectSchema.path("required").forEach(r -> requiredChildren.add(r.asText()));
    List<FieldDoc> children = new ArrayList<>();
    String childPrefix =
        (path.isEmpty() ? "" : path + (schema.path("type").asText().equals("array") ? "[]." : "."));
    for (Iterator<Map.Entry<String, JsonNode>> it = objectSchema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      children.add(
          field(
              childPrefix + property.getKey(),
              property.getKey(),
              property.getValue(),
              requiredChildren.contains(property.getKey()),
              rulesFor(objectSchema, property.getKey())));
    }
    List<String> rules = new ArrayList<>(rulesFromParent);
    rules.addAll(ownRules(schema));
    if (objectSchema != schema) {
      rules.addAll(ownRules(objectSchema));
    }
    List<String> enumValues = new ArrayList<>();
    schema.path("enum").forEach(v -> enumValues.add(v.asText()));
    return new FieldDoc(
        path,
        name,
        typeOf(schema),
        required,
        schema.has("default") ? Optional.of(defaultText(schema.get("default"))) : Optional.empty(),
        enumValues,
        bounds(path, schema),
        schema.has("pattern") ? Optional.of(schema.get("pattern").asText()) : Optional.empty(),
        schema.path("description").asText(""),
        rules,
        children);
  }

  /** Rules on the parent object whose fieldPath points at this property. */
  private static List<String> rulesFor(JsonNode parent, String property) {
    List<String> rules = new ArrayList<>();
    for (JsonNode rule : parent.path("x-kubernetes-validations")) {
      if (rule.path("fieldPath").asText().equals("." + property)) {
        rules.add(rule.path("message").asText(rule.path("rule").asText()));
      }
    }
    return rules;
  }

  /** Rules on the field itself that name no sub-field. */
  private static List<String> ownRules(JsonNode schema) {
    List<String> rules = new ArrayList<>();
    for (JsonNode rule : schema.path("x-kubernetes-validations")) {
      if (!rule.has("fieldPath")) {
        rules.add(rule.path("message").asText(rule.path("rule").asText()));
      }
    }
    return rules;
  }

  private static String typeOf(JsonNode schema) {
    String type = schema.path("type").asText("object");
    if (type.equals("array")) {
      return "[]" + schema.path("items").path("type").asText("object");
    }
    return type;
  }

  private static String defaultText(JsonNode value) {
    if (value.isObject() && value.isEmpty()) {
      return "{}";
    }
    return value.isValueNode() ? value.asText() : value.toString();
  }

  private static List<String> bounds(String path, JsonNode schema) {
    List<String> bounds = new ArrayList<>();
    range(schema, "minimum", "maximum", "").ifPresent(bounds::add);
    range(schema, "minLength", "maxLength", " characters").ifPresent(bounds::add);
    range(schema, "minItems", "maxItems", " items").ifPresent(bounds::add);
    JsonNode items = schema.path("items");
    if (items.isObject() && !items.path("type").asText().equals("object")) {
      range(items, "minLength", "maxLength", " characters per item").ifPresent(bounds::add);
    }
    PropertyTable.bundled()
        .byField(path)
        .flatMap(Property::setting)
        .flatMap(Setting::azureMaximum)
        .filter(limit -> !schema.has("maximum") || limit.value() < schema.get("maximum").asInt())
        .ifPresent(limit -> bounds.add("Azure allows at most " + limit.value() + " (MP405)"));
    return bounds;
  }

  private static Optional<String> range(JsonNode schema, String min, String max, String unit) {
    boolean hasMin = schema.has(min);
    boolean hasMax = schema.has(max);
    if (hasMin && hasMax) {
      return Optional.of(schema.get(min).asText() + " to " + schema.get(max).asText() + unit);
    }
    if (hasMin) {
      return Optional.of("at least " + schema.get(min).asText() + unit);
    }
    if (hasMax) {
      return Optional.of("at most " + schema.get(max).asText() + unit);
    }
    return Optional.empty();
  }
}
