package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's commands against the real shaded jar and its launcher: unit tests run on Maven's
 * class path and cannot see what the shade plugin left out of the jar.
 */
class StandaloneJarIT {
  private static final Path JAR = Path.of("target/modelplane.jar");
  private static final Path LAUNCHER = Path.of("target/modelplane");

  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {}

  private Run run(List<String> command) throws IOException, InterruptedException {
    Path out = dir.resolve("stdout");
    Path err = dir.resolve("stderr");
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().put("MODELPLANE_CACHE", dir.resolve("cache").toString());
    Process process = builder.start();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "timed out: " + command);
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  private List<String> javaJar(String... args) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
    command.addAll(List.of(args));
    return command;
  }

  @Test
  void validatesTheExamples() throws Exception {
    Run run = run(javaJar("validate", "../examples/"));
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("7 AKSCluster(s) valid in 6 file(s), 1 warning(s)\n", run.out());
  }

  @Test
  void generatesBothTargetsForTheReferenceExample() throws Exception {
    Path out = dir.resolve("out");
    Run run = run(javaJar("generate", "--target", "all", "--out", out.toString(), "../examples/inference-westeurope.yaml"));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(Files.isRegularFile(out.resolve("platform/inference-westeurope/terraform/main.tf")));
    assertTrue(Files.isRegularFile(out.resolve("platform/inference-westeurope/bicep/main.bicep")));

    Run check = run(javaJar("generate", "--check", "--target", "all", "--out", out.toString(), "../examples/inference-westeurope.yaml"));
    assertEquals(new Run(0, "", check.err()), check);
  }

  @Test
  void invalidInputIsOneLinePerProblemWithoutAStackTrace() throws Exception {
    Path broken = dir.resolve("broken.yaml");
    Files.writeString(broken, "apiVersion: infrastructure.modelplane.ai/v1alpha1\nkind: AKSCluster\nmetadata:\n  name: x\nspec:\n  location: westeurope\n  kubernetesVersion: 1.30\n  nodePools: []\n");
    Run run = run(javaJar("validate", broken.toString()));
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains(broken + ":7:22: error: spec.kubernetesVersion:"), run.err());
    assertTrue(!run.err().contains("\tat "), run.err());
  }

  @Test
  void theLauncherRunsTheJarAndBuildsItsArchiveOnce() throws Exception {
    Run first = run(List.of(LAUNCHER.toString(), "validate", "../examples/inference-westeurope.yaml"));
    Run second = run(List.of(LAUNCHER.toString(), "validate", "../examples/inference-westeurope.yaml"));

    assertEquals(new Run(0, "1 AKSCluster(s) valid in 1 file(s)\n", ""), first);
    assertEquals(first, second);
    try (var archives = Files.list(dir.resolve("cache"))) {
      assertEquals(1, archives.filter(p -> p.toString().endsWith(".jsa")).count());
    }
  }
}
