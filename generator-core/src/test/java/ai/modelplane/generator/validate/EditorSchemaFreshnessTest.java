package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** schema/akscluster.schema.json is what the CRD generates, and it accepts the examples. */
class EditorSchemaFreshnessTest {
  private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

  @Test
  void committedEditorSchemaIsCurrent() throws IOException {
    String committed =
        Files.readString(
            REPOSITORY.resolve("schema/akscluster.schema.json"), StandardCharsets.UTF_8);
    String generated = EditorSchema.render(CrdSchema.bundled());
    assertEquals(
        generated,
        committed,
        "schema/akscluster.schema.json is stale: regenerate with " + EditorSchema.REGENERATE);
  }

  @Test
  void editorSchemaAcceptsTheExamplesAndRefusesATypo() throws IOException {
    Schema schema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
            .getSchema(new ObjectMapper().readTree(EditorSchema.render(CrdSchema.bundled())));
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    JsonNode minimal = yaml.readTree(REPOSITORY.resolve("examples/minimal.yaml").toFile());
    assertEquals(0, schema.validate(minimal).size());
    JsonNode reference =
        yaml.readTree(REPOSITORY.resolve("examples/inference-westeurope.yaml").toFile());
    assertEquals(0, schema.validate(reference).size());
    ((com.fasterxml.jackson.databind.node.ObjectNode) minimal.get("spec")).put("locaton", "x");
    assertEquals(1, schema.validate(minimal).size());
    assertTrue(
        Files.readString(REPOSITORY.resolve("examples/minimal.yaml"))
            .startsWith("# yaml-language-server: $schema=../schema/akscluster.schema.json"));
  }
}
