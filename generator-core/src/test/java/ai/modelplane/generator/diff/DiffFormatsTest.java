package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** JSON output follows the documented schema; markdown survives hostile values. */
class DiffFormatsTest {
  private static final Path SCHEMA = Path.of("../docs/diff-output.schema.json");
  private static Schema schema;

  private static synchronized Schema schema() throws IOException {
    if (schema == null) {
      schema =
          SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
              .getSchema(Files.readString(SCHEMA), InputFormat.JSON);
    }
    return schema;
  }

  static Stream<String> cases() throws IOException {
    try (Stream<Path> folders = Files.list(DiffFixtures.ROOT)) {
      return folders
          .map(p -> p.getFileName().toString())
          .filter(name -> !name.equals("invalid"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest
  @MethodSource("cases")
  void jsonMatchesTheDocumentedSchema(String testCase) throws IOException {
    List<Error> errors =
        schema().validate(DiffJson.render(DiffFixtures.compare(testCase)), InputFormat.JSON);
    assertEquals(List.of(), errors.stream().map(Error::toString).toList());
  }

  @Test
  void schemaRejectsAnUndocumentedField() throws IOException {
    String json =
        DiffJson.render(DiffFixtures.compare("vm-size"))
            .replace("\"changeCount\"", "\"changes_count\"");
    assertEquals(2, schema().validate(json, InputFormat.JSON).size());
  }

  @Test
  void markdownCodeSpansSurvivePipesAndBackticks() {
    assertEquals("`a\\|b`", DiffMarkdown.code("a|b"));
    assertEquals("`` a`b ``", DiffMarkdown.code("a`b"));
    assertEquals("\\*bold\\* \\| \\<x\\>", DiffMarkdown.cell("*bold* | <x>"));
  }

  @Test
  void controlAndBidiCharactersOfValuesAreEscapedInTextAndMarkdown() {
    TargetFact recreated =
        new TargetFact(
            Consequence.POOL_RECREATED, "why", java.util.Optional.empty(), "source", true);
    ChangeFact fact =
        new ChangeFact(
            "pool",
            "vmSize",
            "",
            "vmSize",
            "vmSize",
            java.util.Map.of(
                ai.modelplane.generator.render.Target.TERRAFORM,
                recreated,
                ai.modelplane.generator.render.Target.BICEP,
                recreated));
    String forged = "Std\n::error file=main.tf,line=1::forged\u001b[31m\u202E";
    Change change = new Change(java.util.Optional.of("gpu"), fact, "Standard_D4s_v5", forged);
    assertEquals(
        "pool gpu vmSize: Standard_D4s_v5 → Std\\n::error file=main.tf,line=1::forged\\u001B[31m\\u202E",
        DiffText.describe(change));
    assertEquals(
        "`Std\\n::error file=main.tf,line=1::forged\\u001B[31m\\u202E`", DiffMarkdown.code(forged));
    assertEquals("a\\\\n\\\\u202Eb", DiffMarkdown.cell("a\n\u202Eb"));
  }

  @Test
  void noChangesGiveAShortComment() {
    assertEquals(
        """
        ### Modelplane: what this change does in Azure

        No changes in Azure (1 cluster compared).
        """,
        DiffMarkdown.render(DiffFixtures.compare("unchanged")));
  }
}
