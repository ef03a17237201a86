package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every field of the field reference the CRD was written from, and of upstream Modelplane's current
 * XRD, is in {@code schema/akscluster-crd.yaml} at the same path, and the rule table says where
 * each is enforced. Where the CRD is stricter than upstream, the difference is one of those {@code
 * docs/upstream-compatibility.md} states.
 */
class UpstreamFieldCoverageTest {
  private static final Path UPSTREAM = Path.of("src", "test", "resources", "upstream");
  private static final JsonNode CRD = CrdSchema.bundled().openApiSchema();

  /**
   * The ways the CRD is stricter than upstream's XRD, each stated in
   * docs/upstream-compatibility.md; anything else stricter fails the test.
   */
  private static final Set<String> DOCUMENTED_STRICTER =
      Set.of(
          "spec.kubernetesVersion default",
          "spec.kubernetesVersion pattern",
          "spec.nodePools[*].gpu.acceleratorType pattern",
          "spec.nodePools[*].minNodeCount default");

  // ---- the field reference (upstream's API page as text) ----

  /**
   * Defaults the CRD adds where the reference has none: {@code networking: {}}, so that its CIDR
   * defaults apply when it is omitted (upstream's composition has the same values then).
   */
  private static final Set<String> OWN_DEFAULTS = Set.of("spec.networking");

  /**
   * Defaults the CRD sets differently from the reference, each stated in
   * docs/upstream-compatibility.md: {@code kubernetesVersion} 1.35, since AKS creates no cluster at
   * the reference's 1.34 after its end of life on 2026-11-30.
   */
  private static final Set<String> OTHER_DEFAULTS = Set.of("spec.kubernetesVersion");

  /** {@code # name required|optional TYPE [bounds] [default: X]}. */
  private static final Pattern HEADING = Pattern.compile("^# (\\w+) (required|optional) (.*)$");

  private static final Pattern RANGE = Pattern.compile("^(\\d+)–(\\d+)(?: (chars|items))?");
  private static final Pattern AT_MOST = Pattern.compile("^≤ (\\d+)(?: (chars|items))?");

  /** One heading of the reference, resolved to a CRD path. */
  record ReferenceRow(String path, String line) {}

  @Test
  void everyRowOfTheFieldReferenceIsInTheCrdWithItsTypeBoundsAndDefault() throws IOException {
    List<ReferenceRow> rows = referenceRows();
    assertEquals(23, rows.size(), "rows of the reference: " + rows);
  }

  /**
   * The reference prints nested fields as flat, alphabetical headings after their object; each is
   * resolved against the innermost open object that has it, which fails for a field the CRD lacks.
   */
  static List<ReferenceRow> referenceRows() throws IOException {
    List<String> lines = Files.readAllLines(UPSTREAM.resolve("akscluster-crd-reference.txt"));
    List<ReferenceRow> rows = new ArrayList<>();
    Deque<Map.Entry<String, JsonNode>> open = new ArrayDeque<>();
    ReferenceRow last = null;
    for (String raw : lines) {
      // The page puts no-break spaces between a number and its unit.
      String line = raw.replace('\u00a0', ' ');
      if (line.equals("#Spec") || line.equals("#Status")) {
        String root = line.substring(1).toLowerCase();
        open.clear();
        open.push(Map.entry(root, CRD.path("properties").path(root)));
        continue;
      }
      if (line.startsWith("pattern: ") && last != null) {
        assertEquals(
            line.substring("pattern: ".length()),
            schemaAt(last.path()).path("pattern").asText(),
            last.path() + " pattern");
        continue;
      }
      Matcher heading = HEADING.matcher(line);
      if (!heading.matches() || open.isEmpty()) {
        continue;
      }
      String name = heading.group(1);
      while (!open.isEmpty() && !open.peek().getValue().path("properties").has(name)) {
        open.pop();
      }
      assertTrue(!open.isEmpty(), "reference field " + name + " (" + line + ") is not in the CRD");
      Map.Entry<String, JsonNode> parent = open.peek();
      String path = parent.getKey() + "." + name;
      JsonNode field = parent.getValue().path("properties").path(name);
      checkHeading(
          path, field, parent.getValue(), heading.group(2).equals("required"), heading.group(3));
      if (field.path("type").asText().equals("object")) {
        open.push(Map.entry(path, field));
      } else if (field.path("items").path("type").asText().equals("object")) {
        open.push(Map.entry(path + "[*]", field.path("items")));
      }
      last = new ReferenceRow(path, line);
      rows.add(last);
    }
    return rows;
  }

  private static void checkHeading(
      String path, JsonNode field, JsonNode parent, boolean required, String rest) {
    boolean requiredInCrd = false;
    for (JsonNode name : parent.path("required")) {
      requiredInCrd |= name.asText().equals(path.substring(path.lastIndexOf('.') + 1));
    }
    assertEquals(required, requiredInCrd, path + " required");
    String defaultValue = null;
    int at = rest.indexOf(" default: ");
    if (at >= 0) {
      defaultValue = rest.substring(at + " default: ".length());
      rest = rest.substring(0, at);
    } else if (rest.startsWith("default: ")) {
      defaultValue = rest.substring("default: ".length());
      rest = "";
    }
    if (!OWN_DEFAULTS.contains(path) && !OTHER_DEFAULTS.contains(path)) {
      assertEquals(
          defaultValue,
          field.has("default") ? field.get("default").asText() : null,
          path + " default");
    }
    JsonNode valueSchema = field;
    if (rest.startsWith("enum: ")) {
      List<String> values = List.of(rest.substring("enum: ".length()).split(" \\| "));
      assertEquals("string", field.path("type").asText(), path + " type");
      assertEquals(values, texts(field.path("enum")), path + " enum");
      return;
    }
    String type = rest.split(" ")[0];
    rest = rest.substring(type.length()).strip();
    if (type.endsWith("[]")) {
      assertEquals("array", field.path("type").asText(), path + " type");
      valueSchema = field.path("items");
      type = type.substring(0, type.length() - 2);
    }
    assertEquals(type, valueSchema.path("type").asText(), path + " type");
    while (!rest.isEmpty()) {
      Matcher range = RANGE.matcher(rest);
      Matcher atMost = AT_MOST.matcher(rest);
      Matcher bound = range.find() ? range : atMost.find() ? atMost : null;
      assertTrue(bound != null, path + ": cannot read '" + rest + "'");
      boolean isRange = bound == range;
      String unit = bound.group(isRange ? 3 : 2);
      JsonNode boundSchema = "items".equals(unit) ? field : valueSchema;
      String[] keywords =
          "chars".equals(unit)
              ? new String[] {"minLength", "maxLength"}
              : "items".equals(unit)
                  ? new String[] {"minItems", "maxItems"}
                  : new String[] {"minimum", "maximum"};
      if (isRange) {
        assertEquals(
            bound.group(1), boundSchema.path(keywords[0]).asText(), path + " " + keywords[0]);
        assertEquals(
            bound.group(2), boundSchema.path(keywords[1]).asText(), path + " " + keywords[1]);
      } else {
        assertEquals(
            bound.group(1), boundSchema.path(keywords[1]).asText(), path + " " + keywords[1]);
      }
      rest = rest.substring(bound.end()).strip();
    }
  }

  // ---- upstream's XRD ----

  @Test
  void everyFieldOfUpstreamsXrdIsInTheCrdAndNoRuleIsStricterUnlessDocumented() throws IOException {
    JsonNode xrd =
        new ObjectMapper(new YAMLFactory())
            .readTree(UPSTREAM.resolve("aksclusters-definition.yaml").toFile());
    JsonNode upstream =
        xrd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema");
    Map<String, JsonNode> fields = new LinkedHashMap<>();
    collect(upstream, "", fields);
    assertEquals(28, fields.size(), "fields of the XRD: " + fields.keySet());
    Set<String> stricter = new TreeSet<>();
    for (Map.Entry<String, JsonNode> field : fields.entrySet()) {
      String path = field.getKey();
      JsonNode theirs = field.getValue();
      JsonNode ours = schemaAt(path);
      assertTrue(!ours.isMissingNode(), path + " of upstream's XRD is not in the CRD");
      assertEquals(theirs.path("type").asText(), ours.path("type").asText(), path + " type");
      assertTrue(texts(ours.path("enum")).containsAll(texts(theirs.path("enum"))), path + " enum");
      for (String minimum : List.of("minLength", "minimum", "minItems")) {
        if (ours.has(minimum)
            && (!theirs.has(minimum)
                || ours.get(minimum).asLong() > theirs.get(minimum).asLong())) {
          stricter.add(path + " " + minimum);
        }
      }
      for (String maximum : List.of("maxLength", "maximum", "maxItems")) {
        if (ours.has(maximum)
            && (!theirs.has(maximum)
                || ours.get(maximum).asLong() < theirs.get(maximum).asLong())) {
          stricter.add(path + " " + maximum);
        }
      }
      if (ours.has("pattern") && !ours.path("pattern").equals(theirs.path("pattern"))) {
        stricter.add(path + " pattern");
      }
      if (!theirs
          .path("x-kubernetes-list-type")
          .asText("atomic")
          .equals(ours.path("x-kubernetes-list-type").asText("atomic"))) {
        stricter.add(path + " list-type");
      }
      if (theirs.has("default") && !theirs.get("default").equals(ours.get("default"))) {
        stricter.add(path + " default");
      }
      for (JsonNode name : theirs.path("required")) {
        assertTrue(
            texts(ours.path("required")).contains(name.asText()),
            path + " requires " + name.asText());
      }
      for (JsonNode name : ours.path("required")) {
        if (!texts(theirs.path("required")).contains(name.asText())) {
          stricter.add(path + " requires " + name.asText());
        }
      }
    }
    assertEquals(new TreeSet<>(DOCUMENTED_STRICTER), stricter);
    String compatibility = Files.readString(Path.of("..", "docs", "upstream-compatibility.md"));
    for (String difference : DOCUMENTED_STRICTER) {
      String field =
          difference.substring(
              difference.lastIndexOf('.', difference.indexOf(' ')) + 1, difference.indexOf(' '));
      assertTrue(
          compatibility.contains("`" + field + "`"),
          "docs/upstream-compatibility.md does not name " + field);
    }
  }

  /** Every property under spec and status, as a CRD path ({@code [*]} for array items). */
  private static void collect(JsonNode schema, String path, Map<String, JsonNode> fields) {
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> property = it.next();
      String child = path.isEmpty() ? property.getKey() : path + "." + property.getKey();
      fields.put(child, property.getValue());
      collect(property.getValue(), child, fields);
      if (property.getValue().path("items").isObject()) {
        collect(property.getValue().get("items"), child + "[*]", fields);
      }
    }
  }

  /** The CRD's schema at a path such as {@code spec.nodePools[*].gpu}. */
  static JsonNode schemaAt(String path) {
    JsonNode current = CRD;
    for (String segment : path.split("\\.")) {
      boolean items = segment.endsWith("[*]");
      String name = items ? segment.substring(0, segment.length() - 3) : segment;
      current = current.path("properties").path(name);
      if (items) {
        current = current.path("items");
      }
      if (current.isMissingNode()) {
        return MissingNode.getInstance();
      }
    }
    return current;
  }

  private static List<String> texts(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(value -> values.add(value.asText()));
    return values;
  }

  // ---- the rule table in docs/validation.md ----

  /** The words the table's "where" column uses, and nothing else. */
  private static final Set<String> PLACES =
      Set.of("CRD schema", "CRD default", "CEL", "Azure rule", "generator", "loader");

  @Test
  void theReadmeRuleTableNamesEveryFieldAndWhereItIsEnforced() throws IOException {
    List<String> table = ruleTable();
    for (String row : table) {
      String where =
          row.substring(row.lastIndexOf('|', row.length() - 2) + 1, row.length() - 1).strip();
      for (String place : where.replaceAll("\\([^)]*\\)", "").split("\\+|,")) {
        assertTrue(
            PLACES.contains(place.strip()),
            "rule table row says '" + place.strip() + "', not one of " + PLACES + ": " + row);
      }
    }
    String text = String.join("\n", table);
    Set<String> fields = new TreeSet<>();
    referenceRows().forEach(row -> fields.add(row.path()));
    JsonNode xrd =
        new ObjectMapper(new YAMLFactory())
            .readTree(UPSTREAM.resolve("aksclusters-definition.yaml").toFile());
    Map<String, JsonNode> upstream = new LinkedHashMap<>();
    collect(
        xrd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema"),
        "",
        upstream);
    fields.addAll(upstream.keySet());
    List<String> missing = new ArrayList<>();
    for (String field : fields) {
      String name = field.substring(field.lastIndexOf('.') + 1).replace("[*]", "");
      // Named alone or inside a dotted path in backticks: `secrets[]`, `cache.storageClassName`.
      Pattern named =
          Pattern.compile("`(?:[\\w\\[\\]]+\\.)*" + name + "(?:\\[\\])?(?:\\.[\\w\\[\\]]+)*`");
      if (!named.matcher(text).find()) {
        missing.add(field);
      }
    }
    assertEquals(List.of(), missing, "fields the rule table in docs/validation.md does not name");
  }

  private static List<String> ruleTable() throws IOException {
    List<String> table = new ArrayList<>();
    boolean inside = false;
    for (String line : Files.readAllLines(Path.of("..", "docs", "validation.md"))) {
      if (line.equals("## Where each rule is enforced")) {
        inside = true;
      } else if (inside && line.startsWith("#")) {
        break;
      } else if (inside
          && line.startsWith("| ")
          && !line.startsWith("| rule ")
          && !line.startsWith("| ---")) {
        table.add(line);
      }
    }
    assertTrue(table.size() > 10, "docs/validation.md has no rule table");
    return table;
  }
}
