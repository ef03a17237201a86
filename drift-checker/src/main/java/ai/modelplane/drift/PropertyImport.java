package ai.modelplane.drift;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.property.ImportRule;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.Setting;
import ai.modelplane.generator.text.FieldPath;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The import rules of the property table, applied to one object of the imported document (the
 * cluster, or one pool): each field in table order, {@code value} read at its {@code arm} path and
 * written in the CRD's type, {@code derived} and {@code value-unless-default} by the importer's
 * derivation named after the field (a setting with an AKS default and no derivation: its live value
 * unless it is that default), {@code not-imported} left out unless the request supplies it.
 */
final class PropertyImport {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private PropertyImport() {}

  /**
   * Writes {@code fields} into {@code object}.
   *
   * @param prefix the part of each field path that {@code object} stands for ({@code
   *     spec.nodePools[].}); empty for the document itself
   * @param live the live resource each {@code value} field is read on
   * @param derivations by field: the value of each field imported otherwise than as its live value,
   *     empty where the document leaves the field out
   * @throws IllegalStateException naming the fields whose rule has no implementation here, or that
   *     have a derivation although the table imports them as their live value
   */
  static void write(
      List<Property> fields,
      String prefix,
      ObjectNode object,
      Function<Property, JsonNode> live,
      Map<String, Supplier<Optional<JsonNode>>> derivations) {
    check(fields, derivations.keySet());
    for (Property field : fields) {
      Optional<JsonNode> value =
          switch (field.importRule()) {
            case VALUE -> inCrdType(field, ArmJson.at(live.apply(field), field.arm()));
            case VALUE_UNLESS_DEFAULT ->
                derivations.containsKey(field.field())
                    ? derivations.get(field.field()).get()
                    : unlessAksDefault(
                        field, inCrdType(field, ArmJson.at(live.apply(field), field.arm())));
            case DERIVED -> derivations.get(field.field()).get();
            case NOT_IMPORTED -> derivations.getOrDefault(field.field(), Optional::empty).get();
          };
      value.ifPresent(v -> put(object, field.field().substring(prefix.length()), v));
    }
  }

  /** Fails, naming them, for fields whose import rule this importer does not implement. */
  static void check(List<Property> fields, java.util.Set<String> derived) {
    TreeSet<String> missing = new TreeSet<>();
    TreeSet<String> stray = new TreeSet<>(derived);
    for (Property field : fields) {
      stray.remove(field.field());
      boolean named =
          field.importRule() == ImportRule.DERIVED
              || (field.importRule() == ImportRule.VALUE_UNLESS_DEFAULT
                  && aksDefault(field).isEmpty());
      if (named && !derived.contains(field.field())) {
        missing.add(field.field() + " (" + field.importRule().id() + ": no derivation)");
      }
      if (field.importRule() == ImportRule.VALUE && field.arm().equals(Property.NONE)) {
        missing.add(field.field() + " (value: no arm path to read)");
      }
      if (field.importRule() == ImportRule.VALUE && derived.contains(field.field())) {
        missing.add(field.field() + " (value: the table imports the live value, not a derivation)");
      }
    }
    stray.forEach(field -> missing.add(field + " (a derivation for a field the table lacks)"));
    if (!missing.isEmpty()) {
      throw new IllegalStateException("import cannot write " + String.join(", ", missing));
    }
  }

  /** The value AKS chooses for a setting the YAML leaves out, when the table names one. */
  private static Optional<String> aksDefault(Property field) {
    return field.setting().map(Setting::aksDefault);
  }

  /** A setting's live value, unless it is what AKS chooses when the YAML leaves it out. */
  private static Optional<JsonNode> unlessAksDefault(Property field, Optional<JsonNode> live) {
    String aksDefault = aksDefault(field).orElseThrow();
    return live.filter(value -> !value.asText().equals(aksDefault));
  }

  /**
   * The live value in the type the CRD gives the field; empty when ARM has none (a list or map that
   * ARM returns empty counts as none). A list read into a one-value field gives its first entry
   * (the importer warns about the others).
   */
  private static Optional<JsonNode> inCrdType(Property field, JsonNode live) {
    if (live.isMissingNode() || live.isNull() || (live.isContainerNode() && live.isEmpty())) {
      return Optional.empty();
    }
    String type = crdType(field.field());
    return Optional.of(
        switch (type) {
          case "string" -> NODES.textNode(live.isArray() ? live.get(0).asText() : live.asText());
          case "integer" -> NODES.numberNode(live.asInt());
          case "boolean" -> NODES.booleanNode(live.asBoolean());
          case "array" -> {
            ArrayNode items = NODES.arrayNode();
            live.forEach(item -> items.add(item.asText()));
            yield items;
          }
          default ->
              throw new IllegalStateException(
                  "import cannot write " + field.field() + " of CRD type " + type);
        });
  }

  /** The {@code type} the bundled CRD gives {@code field}. */
  private static String crdType(String field) {
    return CrdSchema.bundled().field(field).path("type").asText("none");
  }

  /** Puts {@code value} at {@code path} under {@code object}, making the objects on the way. */
  private static void put(ObjectNode object, String path, JsonNode value) {
    ObjectNode parent = object;
    String last = null;
    for (FieldPath.Step step : FieldPath.steps(path)) {
      if (last != null) {
        parent = parent.has(last) ? (ObjectNode) parent.get(last) : parent.putObject(last);
      }
      last = step.name();
      if (step.mapKey()) {
        // A map key: metadata.annotations[KEY].
        parent = parent.has(last) ? (ObjectNode) parent.get(last) : parent.putObject(last);
        last = step.key();
      }
    }
    parent.set(last, value);
  }
}
