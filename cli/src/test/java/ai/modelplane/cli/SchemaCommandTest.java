package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code modelplane schema [--json]} prints the CRD and the generated editor schema from the jar.
 */
class SchemaCommandTest {
  @Test
  void printsTheEditorSchemaGeneratedFromTheCrd() throws IOException {
    ValidateCommandTest.Run run = ValidateCommandTest.run("schema", "--json");
    assertEquals(0, run.exitCode());
    assertEquals(Files.readString(Path.of("../schema/akscluster.schema.json")), run.out());
  }

  @Test
  void printsTheCrd() throws IOException {
    ValidateCommandTest.Run run = ValidateCommandTest.run("schema");
    assertEquals(
        new ValidateCommandTest.Run(
            0, Files.readString(Path.of("../schema/akscluster-crd.yaml")), ""),
        run);
  }
}
