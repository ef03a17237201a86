package ai.modelplane.generator.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diff.ChangeFacts;
import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The templates alone spell the generated modules' interfaces: no main Java file holds a Terraform
 * variable or argument name, or a Bicep parameter name, as a string. Such a string is a second
 * place a rename must reach, with no compiler to link the two (Bicep parameter names once lived in
 * Java lists). Names that are also the CRD's own field names or the diff's property names are other
 * vocabularies and stay allowed, as are HCL's meta-arguments. drift-checker is left out: it reads
 * live ARM JSON by Azure's property names, which Bicep bodies and many parameters share by design.
 * Single-word names (name, mode, zones) are too common to tell anything apart and are not checked.
 */
class ModuleInterfaceNamesTest {
  private static final Path ROOT = Path.of("..");
  private static final List<String> MODULES_CHECKED =
      List.of("generator-core", "cli", "maven-plugin", "benchmarks", "test-support");

  /** HCL's own multi-word meta-arguments, which the schema checker names. */
  private static final Set<String> HCL_META_ARGUMENTS = Set.of("for_each", "depends_on");

  private static final Pattern TERRAFORM_VARIABLE = Pattern.compile("variable \"([a-z0-9_]+)\"");
  private static final Pattern TERRAFORM_ARGUMENT =
      Pattern.compile("^(?:\\s|\\$\\{indent})*([a-z][a-z0-9_]*)\\s*=", Pattern.MULTILINE);
  private static final Pattern BICEP_PARAMETER =
      Pattern.compile("^\\s*param ([A-Za-z][A-Za-z0-9_]*)", Pattern.MULTILINE);
  private static final Pattern TEXT_BLOCK = Pattern.compile("\"\"\"[\\s\\S]*?\"\"\"");
  private static final Pattern STRING_LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern MULTI_WORD = Pattern.compile("_|[a-z0-9][A-Z]");

  @Test
  void noMainJavaFileSpellsAModuleInterfaceName() throws IOException {
    Set<String> names = interfaceNames();
    names.removeAll(crdFieldNames());
    names.removeAll(diffPropertyNames());
    names.removeAll(HCL_META_ARGUMENTS);
    Map<String, String> sources = new TreeMap<>();
    for (String module : MODULES_CHECKED) {
      Path main = ROOT.resolve(module).resolve("src/main/java");
      if (Files.isDirectory(main)) {
        for (Path file : files(main, ".java")) {
          sources.put(ROOT.relativize(file).toString(), Files.readString(file));
        }
      }
    }
    assertTrue(sources.size() > 100, "too few main Java files found: " + sources.size());
    assertEquals(List.of(), findings(sources, names));
  }

  /** The scan reads the templates' interfaces, so an empty set cannot pass the check above. */
  @Test
  void theTemplatesInterfacesAreRead() throws IOException {
    Set<String> names = interfaceNames();
    // One of each kind: a module variable, a resource argument placed by lib.ftl, a Bicep
    // parameter.
    assertTrue(names.contains("temporary_name_for_rotation"), "a Terraform variable");
    assertTrue(names.contains("os_disk_size_gb"), "a Terraform argument");
    assertTrue(names.contains("systemPoolOsDiskSizeGB"), "a Bicep parameter");
  }

  @Test
  void aStringThatSpellsAnInterfaceNameIsFound() {
    Map<String, String> sources =
        Map.of(
            "A.java",
            "class A {\n  // systemPoolMaxCount in a comment is prose\n"
                + "  String text = \"\"\"\n      systemPoolMaxCount\n      \"\"\";\n"
                + "  List<String> names = List.of(\"vmSize\", \"systemPoolMaxCount\");\n"
                + "  String path = \"var.max_count\";\n}\n");
    assertEquals(
        List.of(
            "A.java:6: \"systemPoolMaxCount\" spells systemPoolMaxCount",
            "A.java:7: \"var.max_count\" spells max_count"),
        findings(sources, Set.of("systemPoolMaxCount", "max_count")));
  }

  static List<String> findings(Map<String, String> sources, Set<String> names) {
    List<String> findings = new ArrayList<>();
    sources.forEach(
        (file, source) -> {
          // A text block (a YAML fixture, a usage text) is text, not a name the code uses.
          String code = blankTextBlocks(source);
          Matcher literal = STRING_LITERAL.matcher(code);
          while (literal.find()) {
            if (isInComment(code, literal.start())) {
              continue;
            }
            Matcher word = IDENTIFIER.matcher(literal.group(1));
            while (word.find()) {
              if (names.contains(word.group())) {
                int line = code.substring(0, literal.start()).split("\n", -1).length;
                findings.add(
                    file + ":" + line + ": " + literal.group() + " spells " + word.group());
              }
            }
          }
        });
    return findings;
  }

  private static String blankTextBlocks(String source) {
    Matcher block = TEXT_BLOCK.matcher(source);
    StringBuilder out = new StringBuilder();
    while (block.find()) {
      block.appendReplacement(
          out, Matcher.quoteReplacement(block.group().replaceAll("[^\n]", " ")));
    }
    block.appendTail(out);
    return out.toString();
  }

  private static boolean isInComment(String code, int at) {
    int lineStart = code.lastIndexOf('\n', at - 1) + 1;
    String before = code.substring(lineStart, at).trim();
    return before.startsWith("//") || before.startsWith("*") || before.startsWith("/*");
  }

  private static Set<String> interfaceNames() throws IOException {
    Set<String> names = new TreeSet<>();
    for (Path template : files(ROOT.resolve("templates/terraform"), ".ftl")) {
      if (!template.toString().endsWith(".md.ftl")) {
        String text = Files.readString(template, StandardCharsets.UTF_8);
        collect(TERRAFORM_VARIABLE, text, names);
        collect(TERRAFORM_ARGUMENT, text, names);
      }
    }
    for (Path template : files(ROOT.resolve("templates/bicep"), ".ftl")) {
      collect(BICEP_PARAMETER, Files.readString(template, StandardCharsets.UTF_8), names);
    }
    names.removeIf(name -> !MULTI_WORD.matcher(name).find());
    return names;
  }

  private static void collect(Pattern pattern, String text, Set<String> names) {
    Matcher matcher = pattern.matcher(text);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
  }

  private static Set<String> crdFieldNames() {
    Set<String> names = new TreeSet<>();
    collectFieldNames(CrdSchema.bundled().openApiSchema(), names);
    return names;
  }

  private static void collectFieldNames(JsonNode schema, Set<String> names) {
    if (!schema.isObject()) {
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      names.add(field.getKey());
      collectFieldNames(field.getValue(), names);
    }
    collectFieldNames(schema.path("items"), names);
    collectFieldNames(schema.path("additionalProperties"), names);
  }

  private static Set<String> diffPropertyNames() {
    Set<String> names = new TreeSet<>();
    ChangeFacts.bundled().all().forEach(fact -> names.add(fact.property()));
    return names;
  }

  private static List<Path> files(Path directory, String suffix) throws IOException {
    try (Stream<Path> walk = Files.walk(directory)) {
      return walk.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
    }
  }
}
