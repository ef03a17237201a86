package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The composite action in action.yml: the workflow uses only inputs and outputs it declares, and
 * its two scripts install a release only when the checksum matches and run the review with the
 * documented flags.
 */
class GitHubActionTest {
  private static final Path ACTION = Path.of("../action.yml");
  private static final Path INSTALL = Path.of("../action/install.sh");
  private static final Path REVIEW = Path.of("../action/review.sh");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern EXPRESSION_INPUT = Pattern.compile("inputs\\.([A-Za-z0-9_-]+)");
  private static final Pattern STEP_OUTPUT =
      Pattern.compile("steps\\.modelplane\\.outputs\\.([A-Za-z0-9_-]+)");

  @TempDir Path dir;

  record Result(int exitCode, String output, Map<String, String> outputs, String path) {}

  @BeforeAll
  static void needsBashCurlAndSha256() {
    for (String tool : List.of("bash", "curl", "tar", "sha256sum")) {
      Assumptions.assumeTrue(onPath(tool), "needs " + tool);
    }
  }

  private static boolean onPath(String tool) {
    for (String folder :
        System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Path.of(folder, tool))) {
        return true;
      }
    }
    return false;
  }

  private static Set<String> names(JsonNode object) {
    Set<String> names = new TreeSet<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void workflowUsesOnlyWhatTheActionDeclares() throws IOException {
    JsonNode action = YAML.readTree(ACTION.toFile());
    assertEquals("composite", action.path("runs").path("using").asText());
    Set<String> inputs = names(action.path("inputs"));
    Set<String> outputs = names(action.path("outputs"));
    JsonNode jobs = YAML.readTree(WorkflowSchemaTest.WORKFLOW.toFile()).path("jobs");
    int uses = 0;
    for (JsonNode job : jobs) {
      for (JsonNode step : job.path("steps")) {
        if (step.path("uses").asText().equals("./")) {
          uses++;
          assertTrue(
              inputs.containsAll(names(step.path("with"))),
              names(step.path("with")) + " not all in " + inputs);
        }
      }
    }
    assertEquals(2, uses, "the review and the drift job use the action");
    Matcher referenced = STEP_OUTPUT.matcher(Files.readString(WorkflowSchemaTest.WORKFLOW));
    int outputReferences = 0;
    while (referenced.find()) {
      outputReferences++;
      assertTrue(
          outputs.contains(referenced.group(1)),
          referenced.group(1) + " is no output of the action");
    }
    assertTrue(outputReferences >= 5, "the workflow acts on the action's outputs");
    // Inside action.yml too: every inputs.X is declared, every script it runs exists and is
    // executable.
    Matcher used = EXPRESSION_INPUT.matcher(Files.readString(ACTION));
    while (used.find()) {
      assertTrue(inputs.contains(used.group(1)), used.group(1) + " is used but not declared");
    }
    for (JsonNode step : action.path("runs").path("steps")) {
      String script =
          step.path("run").asText().replace("\"$GITHUB_ACTION_PATH/", "").replace("\"", "");
      assertTrue(Files.isExecutable(Path.of("..", script)), script);
    }
  }

  /** A dist archive as the release build lays it out, with a launcher that prints its arguments. */
  private Path archive(String version, boolean tamperSums)
      throws IOException, InterruptedException {
    Path folder = Files.createDirectories(dir.resolve("build/modelplane-" + version));
    Path launcher = executable(folder.resolve("modelplane"), "#!/bin/sh\necho \"modelplane $*\"\n");
    Files.writeString(folder.resolve("modelplane.jar"), "jar");
    String sums =
        sha256(Files.readAllBytes(launcher))
            + "  modelplane\n"
            + sha256("jar".getBytes(StandardCharsets.UTF_8))
            + "  modelplane.jar\n";
    Files.writeString(
        folder.resolve("SHA256SUMS"),
        tamperSums ? sums.replaceFirst("^.", "0".equals(sums.substring(0, 1)) ? "1" : "0") : sums);
    Path archive = dir.resolve("modelplane-" + version + "-dist.tar.gz");
    assertEquals(
        0,
        bash(
                List.of(
                    "tar",
                    "-czf",
                    archive.toString(),
                    "-C",
                    dir.resolve("build").toString(),
                    "modelplane-" + version),
                Map.of())
            .exitCode());
    Files.writeString(
        dir.resolve(archive.getFileName() + ".sha256"),
        sha256(Files.readAllBytes(archive)) + "  " + archive.getFileName() + "\n");
    return archive;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private Result bash(List<String> command, Map<String, String> environment)
      throws IOException, InterruptedException {
    Path outputs = Files.createTempFile(dir, "github-output", "");
    Path path = Files.createTempFile(dir, "github-path", "");
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    builder.environment().put("GITHUB_OUTPUT", outputs.toString());
    builder.environment().put("GITHUB_PATH", path.toString());
    builder.environment().put("RUNNER_TEMP", dir.resolve("runner-temp").toString());
    builder.environment().putAll(environment);
    Files.createDirectories(dir.resolve("runner-temp"));
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    Map<String, String> values = new java.util.LinkedHashMap<>();
    for (String line : Files.readAllLines(outputs)) {
      values.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
    }
    return new Result(process.exitValue(), output, values, Files.readString(path));
  }

  private Result install(Map<String, String> environment) throws IOException, InterruptedException {
    return bash(List.of("bash", INSTALL.toAbsolutePath().toString()), environment);
  }

  /** install.sh for release 1.2.3 from the archives {@link #archive} left in {@link #dir}. */
  private Result installLocalRelease(Map<String, String> more)
      throws IOException, InterruptedException {
    Map<String, String> environment = new java.util.HashMap<>(more);
    environment.put("MODELPLANE_VERSION", "1.2.3");
    environment.put("MODELPLANE_DOWNLOAD_URL", dir.toUri() + "modelplane-{version}-dist.tar.gz");
    return install(environment);
  }

  private Result review(Map<String, String> environment) throws IOException, InterruptedException {
    return bash(List.of("bash", REVIEW.toAbsolutePath().toString()), environment);
  }

  /** Writes {@code script} to {@code file}, executable. */
  private static Path executable(Path file, String script) throws IOException {
    Files.writeString(file, script);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  @Test
  void installsAPinnedReleaseWhoseChecksumMatches() throws IOException, InterruptedException {
    Path archive = archive("1.2.3", false);
    Result result =
        installLocalRelease(
            Map.of("MODELPLANE_SHA256", sha256(Files.readAllBytes(archive)).toUpperCase()));
    assertEquals(0, result.exitCode(), result.output());
    Path home = dir.resolve("runner-temp/modelplane-install-1.2.3/modelplane-1.2.3").toRealPath();
    assertEquals(Map.of("home", home.toString()), result.outputs());
    assertEquals(home + "\n", result.path());
    assertEquals("modelplane --version\n", result.output());
  }

  @Test
  void refusesAnArchiveWhoseChecksumDiffers() throws IOException, InterruptedException {
    archive("1.2.3", false);
    Result result = installLocalRelease(Map.of("MODELPLANE_SHA256", "0".repeat(64)));
    assertEquals(1, result.exitCode(), result.output());
    assertTrue(
        result.output().contains("expected " + "0".repeat(64) + ": not installed"),
        result.output());
    assertEquals(Map.of(), result.outputs());
    assertEquals("", result.path());
  }

  @Test
  void withoutAPinChecksThePublishedChecksumAndWarns() throws IOException, InterruptedException {
    archive("1.2.3", false);
    Result result = installLocalRelease(Map.of());
    assertEquals(0, result.exitCode(), result.output());
    assertTrue(
        result.output().startsWith("::warning title=modelplane install::no sha256 input"),
        result.output());
  }

  @Test
  void refusesAnArchiveWhoseFilesDifferFromTheirSums() throws IOException, InterruptedException {
    Path archive = archive("1.2.3", true);
    Result result =
        installLocalRelease(Map.of("MODELPLANE_SHA256", sha256(Files.readAllBytes(archive))));
    assertEquals(1, result.exitCode(), result.output());
    assertTrue(result.output().contains("does not match its SHA256SUMS"), result.output());
    assertEquals("", result.path());
  }

  @Test
  void theDefaultUrlIsTheReleaseOfTheActionsRepository() throws IOException, InterruptedException {
    // Where the runner checks out `uses: acme/modelplane@v1.2.3`; curl then fails on the
    // network-less URL it built.
    Result result =
        install(
            Map.of(
                "MODELPLANE_VERSION",
                "1.2.3",
                "GITHUB_ACTION_PATH",
                dir.resolve("runner/_actions/acme/modelplane/v1.2.3").toString(),
                "MODELPLANE_SHA256",
                "0".repeat(64),
                "https_proxy",
                "http://127.0.0.1:9",
                "HTTPS_PROXY",
                "http://127.0.0.1:9"));
    assertEquals(1, result.exitCode());
    assertTrue(
        result
            .output()
            .contains(
                "cannot download https://github.com/acme/modelplane/releases/download/v1.2.3/modelplane-1.2.3-dist.tar.gz"),
        result.output());
  }

  @Test
  void refusesAVersionThatIsNotOne() throws IOException, InterruptedException {
    Result result =
        install(
            Map.of(
                "MODELPLANE_VERSION", "1.2.3/../../x", "MODELPLANE_REPOSITORY", "acme/modelplane"));
    assertEquals(1, result.exitCode());
    assertTrue(result.output().contains("not a version: 1.2.3/../../x"), result.output());
  }

  @Test
  void reviewRunsEachCommandAndReportsItsExitCode() throws IOException, InterruptedException {
    Path home = Files.createDirectories(dir.resolve("home"));
    // A stand-in launcher: logs each command line and exits as the real commands would on a stale,
    // destructive change.
    Path launcher =
        executable(
            home.resolve("modelplane"),
            """
        #!/bin/sh
        echo "$*" >> "$LOG"
        case "$1" in
          validate) echo sarif; exit 0 ;;
          generate) exit 2 ;;
          diff) echo '### what this change does'; exit 2 ;;
        esac
        """);
    Path log = dir.resolve("log");
    Path summary = dir.resolve("summary.md");
    Map<String, String> environment =
        new java.util.HashMap<>(
            Map.of(
                "MODELPLANE",
                launcher.toString(),
                "MODELPLANE_PATHS",
                "a.yaml clusters/",
                "MODELPLANE_TARGET",
                "terraform",
                "MODELPLANE_GENERATED",
                "infra",
                "MODELPLANE_BASE_REF",
                "origin/main",
                "MODELPLANE_SARIF",
                "out.sarif",
                "MODELPLANE_DIFF_MARKDOWN",
                "diff.md",
                "LOG",
                log.toString(),
                "GITHUB_STEP_SUMMARY",
                summary.toString()));
    Result result = review(environment);
    assertEquals(0, result.exitCode(), result.output());
    assertEquals(
        List.of(
            "validate --output sarif a.yaml clusters/",
            "generate --targets terraform --out infra --check a.yaml clusters/",
            "diff --base origin/main --targets terraform --output markdown a.yaml clusters/"),
        Files.readAllLines(log));
    assertEquals(
        Map.of(
            "validate-exit-code",
            "0",
            "check-exit-code",
            "2",
            "diff-exit-code",
            "2",
            "destructive",
            "true",
            "refused",
            "false"),
        result.outputs());
    assertEquals("sarif\n", Files.readString(dir.resolve("out.sarif")));
    assertEquals("### what this change does\n", Files.readString(summary));

    // Without generated and base-ref only validate runs.
    Files.delete(log);
    environment.put("MODELPLANE_GENERATED", "");
    environment.put("MODELPLANE_BASE_REF", "");
    Result validateOnly = review(environment);
    assertEquals(Map.of("validate-exit-code", "0"), validateOnly.outputs());
    assertEquals(List.of("validate --output sarif a.yaml clusters/"), Files.readAllLines(log));
    assertFalse(validateOnly.output().contains("diff"));
  }

  @Test
  void reviewWithoutTargetLeavesThemToTheGeneratedFolder()
      throws IOException, InterruptedException {
    Path launcher =
        executable(dir.resolve("modelplane"), "#!/bin/sh\necho \"$*\" >> \"$LOG\"\nexit 0\n");
    Path log = dir.resolve("log");
    Map<String, String> environment =
        new java.util.HashMap<>(
            Map.of(
                "MODELPLANE",
                launcher.toString(),
                "MODELPLANE_PATHS",
                "clusters/",
                "MODELPLANE_TARGET",
                "",
                "MODELPLANE_GENERATED",
                "infra",
                "MODELPLANE_BASE_REF",
                "origin/main",
                "LOG",
                log.toString()));
    assertEquals(0, review(environment).exitCode());
    assertEquals(
        List.of(
            "validate --output sarif clusters/",
            "generate --out infra --check clusters/",
            "diff --base origin/main --generated infra --output markdown clusters/"),
        Files.readAllLines(log));

    // Without a generated folder, diff judges every target.
    Files.delete(log);
    environment.put("MODELPLANE_GENERATED", "");
    assertEquals(0, review(environment).exitCode());
    assertEquals(
        List.of(
            "validate --output sarif clusters/",
            "diff --base origin/main --output markdown clusters/"),
        Files.readAllLines(log));
  }

  @Test
  void actionInputTargetDefaultsToTheGeneratedFolders() throws IOException {
    JsonNode target = YAML.readTree(ACTION.toFile()).path("inputs").path("target");
    assertEquals("", target.path("default").asText());
  }

  /**
   * The README's Terraform-only layout under the real CLI: the action's default target checks what
   * infra/ holds, so a fresh tree passes and a hand edit fails naming only Terraform files.
   */
  @Test
  void reviewOfATerraformOnlyFolderChecksOnlyTerraform() throws IOException, InterruptedException {
    Path launcher =
        executable(
            dir.resolve("modelplane"),
            "#!/bin/sh\nexec \"$JAVA\" -cp \"$CP\" "
                + ModelplaneCommand.class.getName()
                + " \"$@\"\n");
    Files.createDirectories(dir.resolve("clusters"));
    Files.copy(Path.of("../examples/minimal.yaml"), dir.resolve("clusters/minimal.yaml"));
    Map<String, String> environment =
        Map.of(
            "JAVA",
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "CP",
            System.getProperty("java.class.path"),
            "MODELPLANE",
            launcher.toString(),
            "MODELPLANE_PATHS",
            "clusters/",
            "MODELPLANE_GENERATED",
            "infra");
    Result generated =
        bash(
            List.of(
                launcher.toString(),
                "generate",
                "--targets",
                "terraform",
                "--output-directory",
                "infra",
                "clusters/"),
            environment);
    assertEquals(0, generated.exitCode(), generated.output());

    Result fresh = review(environment);
    assertEquals("0", fresh.outputs().get("check-exit-code"), fresh.output());
    assertTrue(
        fresh
            .output()
            .contains(
                "modelplane: checking terraform, as recorded in infra/.modelplane/manifest\n"),
        fresh.output());
    assertFalse(fresh.output().contains("bicep"), fresh.output());

    Path main;
    try (var files = Files.walk(dir.resolve("infra"))) {
      main =
          files
              .filter(file -> file.endsWith(Path.of("terraform", "main.tf")))
              .findFirst()
              .orElseThrow();
    }
    Files.writeString(main, Files.readString(main) + "# hand edit\n");
    Result edited = review(environment);
    assertEquals("2", edited.outputs().get("check-exit-code"), edited.output());
    List<String> listed =
        edited.output().lines().filter(line -> line.startsWith("--- a/")).toList();
    assertEquals(
        List.of("--- a/" + dir.resolve("infra").relativize(main).toString().replace('\\', '/')),
        listed,
        edited.output());
    assertFalse(edited.output().contains("bicep"), edited.output());
  }

  @Test
  void reviewFailsWhenDiffCannotCompare() throws IOException, InterruptedException {
    Path launcher =
        executable(dir.resolve("modelplane"), "#!/bin/sh\n[ \"$1\" = diff ] && exit 1\nexit 0\n");
    List<String> seen = new ArrayList<>();
    Result result =
        review(
            Map.of(
                "MODELPLANE",
                launcher.toString(),
                "MODELPLANE_PATHS",
                "a.yaml",
                "MODELPLANE_BASE_REF",
                "origin/main"));
    seen.add(result.outputs().toString());
    assertEquals(1, result.exitCode(), result.output());
    assertEquals(
        Map.of("validate-exit-code", "0", "diff-exit-code", "1"),
        result.outputs(),
        seen.toString());
  }
}
