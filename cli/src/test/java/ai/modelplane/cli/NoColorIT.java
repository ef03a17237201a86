package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Only help is styled (picocli's ANSI heuristics, on a terminal), and NO_COLOR turns that off. Runs
 * the standalone jar on a pseudo-terminal made by util-linux {@code script}, where it is installed.
 */
class NoColorIT {
  private static final String ESC = "\u001B[";

  private static String helpOnATerminal(Map<String, String> environment)
      throws IOException, InterruptedException {
    Path script = Path.of("/usr/bin/script");
    Assumptions.assumeTrue(
        Files.isExecutable(script), "needs util-linux script for a pseudo-terminal");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String command = "'" + java + "' -jar target/modelplane.jar validate --help";
    ProcessBuilder builder =
        new ProcessBuilder(List.of(script.toString(), "-qec", command, "/dev/null"))
            .redirectErrorStream(true);
    builder.environment().remove("NO_COLOR");
    builder.environment().putAll(environment);
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, process.exitValue(), out);
    return out;
  }

  @Test
  void helpIsStyledOnATerminalUnlessNoColorIsSet() throws IOException, InterruptedException {
    String styled = helpOnATerminal(Map.of("TERM", "xterm"));
    Assumptions.assumeTrue(styled.contains("Usage:"), styled);
    assertTrue(
        styled.contains(ESC),
        "on a terminal picocli styles help (so the check below can fail): " + styled);
    String plain = helpOnATerminal(Map.of("TERM", "xterm", "NO_COLOR", "1"));
    assertTrue(plain.contains("Usage: modelplane validate"), plain);
    assertFalse(plain.contains(ESC), plain);
  }

  @Test
  void validateOutputIsNeverStyled() throws IOException, InterruptedException {
    Path script = Path.of("/usr/bin/script");
    Assumptions.assumeTrue(
        Files.isExecutable(script), "needs util-linux script for a pseudo-terminal");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
                List.of(
                    script.toString(),
                    "-qec",
                    "'"
                        + java
                        + "' -jar target/modelplane.jar validate --as-of 2026-11-29 ../examples/minimal.yaml ../examples/ci/github-actions.yml",
                    "/dev/null"))
            .redirectErrorStream(true);
    builder.environment().put("TERM", "xterm");
    builder.environment().remove("NO_COLOR");
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertTrue(out.contains("github-actions.yml:8:1: error: this is not an AKSCluster"), out);
    assertFalse(out.contains(ESC), out);
  }
}
