package ai.modelplane.generator.property;

import ai.modelplane.generator.lazy.Once;
import ai.modelplane.generator.text.JsonTrees;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The AKSCluster fields as {@value #RESOURCE} declares them, one entry each: the single place that
 * says where a field goes in each target, which change facts its changes use, and how drift and
 * import treat it.
 */
public final class PropertyTable {
  public static final String RESOURCE = "ai/modelplane/generator/property/properties.yaml";

  /**
   * The same table as JSON, written by a build step ({@code PropertyTableJsonStep}, in {@code
   * src/build/java}): binding reads the table on every run, and a cold process reads this with the
   * streaming parser alone, without starting {@code ObjectMapper} and a YAML parser.
   */
  static final String JSON_RESOURCE = "ai/modelplane/generator/property/properties.json";

  /** Where pool fields live; every pool entry's field starts with it. */
  public static final String POOL_PREFIX = "spec.nodePools[].";

  private static final Set<String> KEYS =
      Set.of(
          "field",
          "terraform",
          "bicep",
          "arm",
          "facts",
          "drift",
          "import",
          "note",
          "setting",
          "upstream-default-pool");

  private static final Set<String> SETTING_KEYS =
      Set.of(
          "type",
          "required",
          "description",
          "default-pool-description",
          "aks-default",
          "azure-maximum");

  /** The descriptions an optional setting's module inputs take from the table. */
  private static final List<String> DESCRIPTIONS =
      List.of("description", "default-pool-description");

  private static final Once<PropertyTable> BUNDLED = new Once<>(PropertyTable::readBundled);

  private final List<Property> cluster;
  private final List<Property> pool;
  private final Map<String, Property> byField;

  private PropertyTable(List<Property> cluster, List<Property> pool) {
    this.cluster = List.copyOf(cluster);
    this.pool = List.copyOf(pool);
    Map<String, Property> fields = new LinkedHashMap<>();
    for (Property property : all()) {
      if (fields.put(property.field(), property) != null) {
        throw new IllegalStateException(RESOURCE + ": " + property.field() + " is declared twice");
      }
    }
    this.byField = fields;
  }

  /** The table shipped in this jar, parsed once per process. */
  public static PropertyTable bundled() {
    return BUNDLED.get();
  }

  private static PropertyTable readBundled() {
    ClassLoader loader = PropertyTable.class.getClassLoader();
    try (InputStream json = loader.getResourceAsStream(JSON_RESOURCE)) {
      if (json != null) {
        return of(JsonTrees.read(json));
      }
      // Classes compiled without the build's process-classes step (an IDE): read the source.
      try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException(RESOURCE + " is missing from the classpath");
        }
        return parse(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses a table; tests use it for modified copies. */
  public static PropertyTable parse(InputStream yaml) throws IOException {
    return of(new ObjectMapper(new YAMLFactory()).readTree(yaml));
  }

  /** The table a parsed document holds. */
  static PropertyTable of(JsonNode root) {
    if (root == null || !root.isObject()) {
      throw new IllegalStateException(RESOURCE + ": expected the lists cluster and pool");
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (Arrays.stream(Scope.values()).noneMatch(s -> s.id().equals(key))) {
        throw new IllegalStateException(
            RESOURCE + ": unknown list " + key + " (expected cluster and pool)");
      }
    }
    return new PropertyTable(entries(root, Scope.CLUSTER), entries(root, Scope.POOL));
  }

  /** Cluster fields, in CRD order. */
  public List<Property> cluster() {
    return cluster;
  }

  /** Pool fields, in CRD order. */
  public List<Property> pool() {
    return pool;
  }

  /** The pool fields both targets take as written ({@link Setting}), in table order. */
  public List<Property> settings() {
    return pool.stream().filter(property -> property.setting().isPresent()).toList();
  }

  /**
   * The default System pool upstream Modelplane injects when no pool of the spec has role System:
   * each pool field the table gives a value for it, by field name, in table order, typed as the
   * table writes it (a number as a number).
   */
  public Map<String, JsonNode> upstreamDefaultPool() {
    Map<String, JsonNode> values = new LinkedHashMap<>();
    for (Property property : pool) {
      property.upstreamDefaultPool().ifPresent(value -> values.put(property.name(), value));
    }
    return values;
  }

  /** Cluster fields, then pool fields. */
  public List<Property> all() {
    List<Property> all = new ArrayList<>(cluster);
    all.addAll(pool);
    return all;
  }

  /** The entry of exactly this path, such as {@code spec.nodePools[].zones}. */
  public Optional<Property> byField(String field) {
    return Optional.ofNullable(byField.get(field));
  }

  private static List<Property> entries(JsonNode root, Scope scope) {
    JsonNode list = root.get(scope.id());
    if (list == null || !list.isArray()) {
      throw new IllegalStateException(RESOURCE + ": the list " + scope.id() + " is missing");
    }
    List<Property> properties = new ArrayList<>();
    int index = 0;
    for (JsonNode entry : list) {
      properties.add(entry(entry, scope, scope.id() + "[" + index++ + "]"));
    }
    return properties;
  }

  private static Property entry(JsonNode entry, Scope scope, String position) {
    if (!entry.isObject()) {
      throw new IllegalStateException(RESOURCE + ": " + position + " is not a mapping");
    }
    JsonNode fieldNode = entry.get("field");
    String name =
        fieldNode != null && fieldNode.isTextual() && !fieldNode.asText().isBlank()
            ? scope.id() + " entry " + fieldNode.asText()
            : position;
    for (Iterator<String> it = entry.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KEYS.contains(key)) {
        throw new IllegalStateException(
            RESOURCE + ": " + name + ": unknown key " + key + " (one of " + sorted(KEYS) + ")");
      }
    }
    String field = text(entry, "field", name);
    boolean poolField = field.startsWith(POOL_PREFIX);
    if (poolField != (scope == Scope.POOL)) {
      throw new IllegalStateException(
          RESOURCE
              + ": "
              + name
              + (poolField
                  ? ": a field under " + POOL_PREFIX + " belongs in the pool list"
                  : ": a pool field starts with " + POOL_PREFIX));
    }
    String terraform = text(entry, "terraform", name);
    String bicep = text(entry, "bicep", name);
    String arm = text(entry, "arm", name);
    List<String> facts = facts(entry, name);
    String driftId = text(entry, "drift", name);
    DriftRule drift =
        DriftRule.byId(driftId)
            .orElseThrow(
                () ->
                    unknown(
                        name,
                        "drift rule",
                        driftId,
                        Arrays.stream(DriftRule.values()).map(DriftRule::id)));
    String importId = text(entry, "import", name);
    ImportRule importRule =
        ImportRule.byId(importId)
            .orElseThrow(
                () ->
                    unknown(
                        name,
                        "import rule",
                        importId,
                        Arrays.stream(ImportRule.values()).map(ImportRule::id)));
    String note = entry.has("note") ? text(entry, "note", name) : "";
    boolean unexplained =
        terraform.equals(Property.NONE) || bicep.equals(Property.NONE) || facts.isEmpty();
    if (unexplained && note.isEmpty()) {
      throw new IllegalStateException(
          RESOURCE + ": " + name + ": a note says why it has no target name or no change fact");
    }
    Optional<Setting> setting =
        entry.has("setting")
            ? Optional.of(setting(entry.get("setting"), field, name))
            : Optional.empty();
    Optional<JsonNode> upstream = Optional.empty();
    if (entry.has("upstream-default-pool")) {
      directPoolField(field, name, "upstream-default-pool");
      JsonNode value = entry.get("upstream-default-pool");
      if (!value.isValueNode() || value.isNull()) {
        throw new IllegalStateException(
            RESOURCE + ": " + name + ": upstream-default-pool is not a single value");
      }
      upstream = Optional.of(value);
    }
    return new Property(
        field, scope, terraform, bicep, arm, facts, drift, importRule, note, setting, upstream);
  }

  /** A setting is a direct pool field with both target names and a type the templates know. */
  private static Setting setting(JsonNode setting, String field, String name) {
    if (!setting.isObject()) {
      throw new IllegalStateException(RESOURCE + ": " + name + ": setting is not a mapping");
    }
    for (Iterator<String> it = setting.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!SETTING_KEYS.contains(key)) {
        throw new IllegalStateException(
            RESOURCE
                + ": "
                + name
                + ": unknown setting key "
                + key
                + " (one of "
                + sorted(SETTING_KEYS)
                + ")");
      }
    }
    directPoolField(field, name, "a setting");
    String type = text(setting, "type", name + " setting");
    if (!Setting.TYPES.contains(type)) {
      throw unknown(name, "setting type", type, Setting.TYPES.stream());
    }
    boolean required = setting.path("required").asBoolean(false);
    if (setting.has("required") && !setting.get("required").isBoolean()) {
      throw new IllegalStateException(
          RESOURCE + ": " + name + ": setting required is not a boolean");
    }
    for (String description : DESCRIPTIONS) {
      if (required && setting.has(description)) {
        throw new IllegalStateException(
            RESOURCE
                + ": "
                + name
                + ": a required setting has no "
                + description
                + " (the templates that place it describe its inputs)");
      }
    }
    return new Setting(
        type,
        required,
        required ? "" : text(setting, "description", name + " setting"),
        required ? "" : text(setting, "default-pool-description", name + " setting"),
        setting.has("aks-default") ? text(setting, "aks-default", name + " setting") : null,
        setting.has("azure-maximum")
            ? Optional.of(azureLimit(setting.get("azure-maximum"), type, name))
            : Optional.empty());
  }

  /** Refuses {@code what} on a field that is not directly under {@link #POOL_PREFIX}. */
  private static void directPoolField(String field, String name, String what) {
    if (!field.startsWith(POOL_PREFIX) || field.substring(POOL_PREFIX.length()).contains(".")) {
      throw new IllegalStateException(
          RESOURCE + ": " + name + ": only a field directly under " + POOL_PREFIX + " is " + what);
    }
  }

  /** {@code azure-maximum}: an integer setting's {@code value}, with the {@code source} of it. */
  private static Setting.AzureLimit azureLimit(JsonNode limit, String type, String name) {
    String what = name + " setting azure-maximum";
    if (!type.equals("integer") || !limit.isObject() || !limit.path("value").isInt()) {
      throw new IllegalStateException(
          RESOURCE + ": " + what + " is {value: <integer>, source: <text>} on an integer setting");
    }
    return new Setting.AzureLimit(limit.get("value").intValue(), text(limit, "source", what));
  }

  private static List<String> facts(JsonNode entry, String name) {
    JsonNode facts = entry.get("facts");
    if (facts == null || !facts.isArray()) {
      throw new IllegalStateException(RESOURCE + ": " + name + " lacks facts (a list, maybe [])");
    }
    List<String> keys = new ArrayList<>();
    for (JsonNode key : facts) {
      if (!key.isTextual() || key.asText().isBlank()) {
        throw new IllegalStateException(
            RESOURCE + ": " + name + ": facts holds a non-text key " + key);
      }
      keys.add(key.asText());
    }
    return keys;
  }

  private static String text(JsonNode entry, String key, String name) {
    JsonNode value = entry.get(key);
    if (value == null || !value.isTextual() || value.asText().isBlank()) {
      throw new IllegalStateException(RESOURCE + ": " + name + " lacks " + key);
    }
    return value.asText().strip();
  }

  private static IllegalStateException unknown(
      String name, String what, String id, Stream<String> accepted) {
    return new IllegalStateException(
        RESOURCE
            + ": "
            + name
            + ": unknown "
            + what
            + " "
            + id
            + " (one of "
            + accepted.collect(Collectors.joining(", "))
            + ")");
  }

  private static String sorted(Set<String> keys) {
    return keys.stream().sorted().collect(Collectors.joining(", "));
  }
}
