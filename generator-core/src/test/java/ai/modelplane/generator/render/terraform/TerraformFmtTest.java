package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example's Terraform tree is {@code terraform fmt} clean (approval and determinism:
 * TargetContractTest).
 */
class TerraformFmtTest {
  @ParameterizedTest
  @MethodSource("ai.modelplane.generator.fixtures.Fixtures#renderedExamples")
  void terraformFmtFindsNothingToChange(String example, @TempDir Path dir) throws Exception {
    assumeTrue(
        terraformOnPath(),
        "skipped: no terraform binary on PATH, so terraform fmt -check was not run");
    Fixtures.write(TemplateRenderer.terraform().render(Fixtures.example(example)), dir);
    Process fmt =
        new ProcessBuilder("terraform", "fmt", "-check", "-recursive", "-diff", dir.toString())
            .redirectErrorStream(true)
            .start();
    String output = new String(fmt.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(true, fmt.waitFor(60, TimeUnit.SECONDS));
    // Terraform warns about a missing CLI configuration file on stderr; only the diff matters.
    String diff =
        output
            .lines()
            .filter(l -> l.startsWith("---") || l.startsWith("+++") || l.startsWith("@@"))
            .reduce("", (a, b) -> a + b + "\n");
    assertEquals("", diff, output);
    assertEquals(0, fmt.exitValue(), output);
  }

  /** Control for the test above: the same command does flag misaligned HCL. */
  @Test
  void terraformFmtCheckFlagsMisalignedHcl(@TempDir Path dir) throws Exception {
    assumeTrue(
        terraformOnPath(),
        "skipped: no terraform binary on PATH, so terraform fmt -check was not run");
    java.nio.file.Files.writeString(dir.resolve("main.tf"), "locals {\n  a = 1\n  bb = 2\n}\n");
    Process fmt =
        new ProcessBuilder("terraform", "fmt", "-check", "-recursive", dir.toString())
            .redirectErrorStream(true)
            .start();
    fmt.getInputStream().readAllBytes();
    assertEquals(true, fmt.waitFor(60, TimeUnit.SECONDS));
    assertEquals(3, fmt.exitValue());
  }

  private static boolean terraformOnPath() throws IOException {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (new File(dir, "terraform").canExecute()) {
        return true;
      }
    }
    return false;
  }
}
