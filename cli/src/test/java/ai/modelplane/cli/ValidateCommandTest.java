package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of {@code validate} that now go through the shared {@link Console}. */
class ValidateCommandTest {
  @TempDir Path dir;
  final StringWriter stdout = new StringWriter();
  final StringWriter stderr = new StringWriter();

  int run(String... args) {
    return ModelplaneCommand.run(args, new PrintWriter(stdout, true), new PrintWriter(stderr, true));
  }

  @Test
  void aMissingInputIsOneLine() {
    assertEquals(1, run("validate", dir.resolve("nope.yaml").toString()));
    assertEquals("modelplane: " + dir.resolve("nope.yaml") + ": no such file or folder\n", stderr.toString());
  }

  @Test
  void aValidFileIsCounted() throws IOException {
    Path input = dir.resolve("team.yaml");
    Files.writeString(input, GenerateCommandTest.CLUSTERS);

    assertEquals(0, run("validate", input.toString()));

    assertEquals("2 AKSCluster(s) valid in 1 file(s)\n", stdout.toString());
    assertEquals("", stderr.toString());
  }
}
