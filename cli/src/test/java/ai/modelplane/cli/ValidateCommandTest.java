package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code modelplane validate}: exit codes, the three output formats, stdin, --strict. */
class ValidateCommandTest {
  private static final Path INPUTS = Path.of("target/validate-inputs");
  private static final String AS_OF = Fixtures.AS_OF_OPTION;

  /**
   * The advice on the output's own pins every run with a cluster prints on that day: none, since
   * the output pins the current provider majors (azurerm 5.x, kubernetes 3.x).
   */
  static final String PIN_ADVICE = "";

  static final String PIN_SUMMARY = "";
  private static final String MINIMAL = Fixtures.cluster("minimal", "eastus2");

  record Run(int exitCode, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ModelplaneCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  @BeforeAll
  static void writeInputs() throws IOException {
    Files.createDirectories(INPUTS);
    Files.writeString(INPUTS.resolve("valid.yaml"), MINIMAL);
    Files.writeString(
        INPUTS.resolve("invalid.yaml"),
        MINIMAL.replace("name: system", "name: System").replace("eastus2", "\"\""));
    Files.writeString(
        INPUTS.resolve("warning.yaml"),
        // An adopted cluster (import's name annotation): its end-of-life version is a warning,
        // where
        // a new cluster's is an error (MP416).
        MINIMAL
            .replace(
                "  name: minimal\n",
                "  name: minimal\n  annotations: {infrastructure.modelplane.ai/cluster-name: minimal}\n")
            .replace("spec:\n", "spec:\n  kubernetesVersion: \"1.33\"\n"));
    Files.writeString(
        INPUTS.resolve("deep.yaml"), "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n");
    Files.writeString(INPUTS.resolve("many-pools.yaml"), manyBrokenPools(MANY_POOLS));
  }

  private static final int MANY_POOLS = 3_000;

  /**
   * One cluster with {@code pools} pools, each with two errors (a name that is not a pool name, a
   * role that is not System or GPU), in flow style to stay under the 256 KiB input limit.
   */
  static String manyBrokenPools(int pools) {
    StringBuilder yaml =
        new StringBuilder(
            "apiVersion: infrastructure.modelplane.ai/v1alpha1\nkind: AKSCluster\n"
                + "metadata: {name: many}\nspec:\n  location: eastus2\n  nodePools:\n");
    for (int i = 0; i < pools; i++) {
      yaml.append("  - {name: P").append(i).append(", role: Bad, vmSize: Standard_D4s_v5}\n");
    }
    return yaml.toString();
  }

  /**
   * Thousands of findings in one file (the attack review's 20,000 pools gave 80,000 diagnostics and
   * a 9.7 MB SARIF log): the text shows the first {@code MAX_SHOWN} by position and counts the
   * rest, errors first; the run still fails.
   */
  @Test
  void manyFindingsAreCutWithASummaryThatCountsTheErrors() {
    Run run = run("validate", AS_OF, "target/validate-inputs/many-pools.yaml");
    assertEquals(1, run.exitCode());
    assertEquals("", run.out());
    List<String> lines = run.err().lines().toList();
    assertEquals(1_000 + 2, lines.size(), () -> lines.get(lines.size() - 1));
    // The first by position: the list's own error at its first item, then pool by pool.
    assertEquals(
        "target/validate-inputs/many-pools.yaml:7:3: error: spec.nodePools: Too many: 3000: must"
            + " have at most 8 items",
        lines.get(0));
    assertTrue(
        lines.get(999).startsWith("target/validate-inputs/many-pools.yaml:506:"), lines.get(999));
    assertTrue(
        lines
            .get(1_000)
            .matches(
                "\\.\\.\\. and [0-9]+ more diagnostics not shown: [0-9]+ errors, 0 warnings"
                    + " \\(only the first 1000 by file and position are shown; fix those and run"
                    + " again\\)"),
        lines.get(1_000));
    long omitted = Long.parseLong(lines.get(1_000).split(" ")[2]);
    assertTrue(omitted >= 2 * MANY_POOLS - 1_000, lines.get(1_000));
    assertEquals((omitted + 1_000) + " error(s), 0 warning(s)", lines.get(1_001));
  }

  @Test
  void manyFindingsInJsonListTheShownOnesAndCountTheOmitted() throws IOException {
    Run run = run("validate", AS_OF, "-o", "json", "target/validate-inputs/many-pools.yaml");
    assertEquals(1, run.exitCode());
    JsonNode report = new ObjectMapper().readTree(run.out());
    assertFalse(report.get("valid").asBoolean());
    long errors = report.get("errors").asLong();
    assertTrue(errors >= 2 * MANY_POOLS, run.out().substring(0, 200));
    assertEquals(0, report.get("warnings").asLong());
    assertEquals(1_000, report.get("diagnostics").size());
    assertEquals(errors - 1_000, report.get("omitted").get("errors").asLong());
    assertEquals(0, report.get("omitted").get("warnings").asLong());
  }

  /**
   * Within GitHub code scanning's upload limits (docs/validation.md cites them): one run, at most
   * 25,000 results (we show 1,000), at most 10 MB gzip-compressed; the cut is counted.
   */
  @Test
  void manyFindingsInSarifStayWithinCodeScanningsLimits() throws IOException {
    Run run = run("validate", AS_OF, "-o", "sarif", "target/validate-inputs/many-pools.yaml");
    assertEquals(1, run.exitCode());
    byte[] log = run.out().getBytes(StandardCharsets.UTF_8);
    assertTrue(log.length < 9_000_000, log.length + " bytes");
    assertTrue(gzipped(log) < 10_000_000);
    JsonNode sarif = new ObjectMapper().readTree(log);
    assertEquals(1, sarif.get("runs").size());
    JsonNode sarifRun = sarif.get("runs").get(0);
    assertEquals(1_000, sarifRun.get("results").size());
    long omittedErrors = sarifRun.at("/properties/omitted/errors").asLong();
    assertTrue(omittedErrors >= 2 * MANY_POOLS - 1_000, sarifRun.at("/properties").toString());
    JsonNode notification = sarifRun.at("/invocations/0/toolExecutionNotifications/0");
    assertEquals("error", notification.get("level").asText());
    assertTrue(
        notification
            .at("/message/text")
            .asText()
            .startsWith("... and " + omittedErrors + " more diagnostics not shown: "),
        notification.toString());
  }

  private static long gzipped(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    }
    return out.size();
  }

  @Test
  void everyExampleIsValid() {
    Run run = run("validate", AS_OF, "../examples");
    // examples/ci/ holds a GitHub workflow: found by the folder search, reported and skipped.
    // examples/workloads/ holds four smoke workloads (Pods, ResourceClaimTemplates): read, and
    // passed over without a warning, as Kubernetes resources of other API groups.
    assertEquals(
        new Run(
            0,
            "10 AKSCluster(s) valid in 13 file(s), 1 warning(s)" + PIN_SUMMARY + "\n",
            "../examples/ci/github-actions.yml:8:1: warning: not a Kubernetes resource (no apiVersion and kind); skipped"
                + " (name the file to validate it as an AKSCluster)\n"
                + PIN_ADVICE),
        run);
  }

  /**
   * What code scanning turns into alerts on a pull request: every SARIF result over the examples is
   * located in a file of the repository (an input) or nowhere, never on a path no file has.
   */
  @Test
  void everySarifResultOverTheExamplesIsInAFileOfTheRepository() throws IOException {
    Run run = run("validate", AS_OF, "--output", "sarif", "../examples");
    assertEquals(0, run.exitCode());
    Path repository = Path.of("..").toAbsolutePath().normalize();
    JsonNode results = new ObjectMapper().readTree(run.out()).get("runs").get(0).get("results");
    assertFalse(results.isEmpty(), run.out());
    List<String> elsewhere = new ArrayList<>();
    for (JsonNode result : results) {
      for (JsonNode location : result.path("locations")) {
        String uri =
            location.path("physicalLocation").path("artifactLocation").path("uri").asText();
        Path file = Path.of(URI.create(uri).getPath()).toAbsolutePath().normalize();
        if (!file.startsWith(repository) || !Files.isRegularFile(file)) {
          elsewhere.add(result.get("ruleId").asText() + " " + uri);
        }
      }
    }
    assertEquals(List.of(), elsewhere);
  }

  @Test
  void invalidInputListsEveryProblemAndExitsOne() {
    Run run = run("validate", AS_OF, "target/validate-inputs/invalid.yaml");
    assertEquals(
        new Run(
            1,
            "",
            """
            target/validate-inputs/invalid.yaml:6:13: error: spec.location: Invalid value: "": should be at least 1 characters long
            target/validate-inputs/invalid.yaml:8:13: error: spec.nodePools[0].name: Invalid value: "System": should match '^[a-z][a-z0-9]{0,11}$'
            2 error(s), 0 warning(s)
            """),
        run);
  }

  @Test
  void jsonOutput() {
    Run run = run("validate", AS_OF, "--output", "json", "target/validate-inputs/warning.yaml");
    assertEquals(
        new Run(
            0,
            """
            {
              "valid" : true,
              "errors" : 0,
              "warnings" : 1,
              "diagnostics" : [ {
                "code" : "MP408",
                "severity" : "warning",
                "file" : "target/validate-inputs/warning.yaml",
                "line" : 7,
                "column" : 22,
                "path" : "spec.kubernetesVersion",
                "message" : "Kubernetes 1.33 reached AKS end of life on 2026-07-31 (as of 2026-09-15): AKS creates no new cluster at 1.33, so a new cluster's first apply fails; an existing 1.33 cluster is in platform support until 1.37 GA (no security patches or bug fixes)",
                "hint" : "use \\"1.34\\" (supported until 2026-11-30); an existing cluster upgrades one minor at a time",
                "subject" : "input"
              } ]
            }
            """,
            ""),
        run);
  }

  @Test
  void sarifOutputWithRulesRegionsAndRelativeArtifacts() {
    Run run =
        run(
            "validate",
            AS_OF,
            "-o",
            "sarif",
            Path.of("target/validate-inputs/warning.yaml").toAbsolutePath().toString());
    assertEquals(0, run.exitCode());
    assertEquals(
        """
        {
          "$schema" : "https://json.schemastore.org/sarif-2.1.0.json",
          "version" : "2.1.0",
          "runs" : [ {
            "tool" : {
              "driver" : {
                "name" : "modelplane",
                "version" : "%s",
                "informationUri" : "https://modelplane.ai",
                "rules" : [ {
                  "id" : "MP408",
                  "shortDescription" : {
                    "text" : "Kubernetes version outside AKS's supported window"
                  }
                } ]
              }
            },
            "invocations" : [ {
              "executionSuccessful" : true
            } ],
            "results" : [ {
              "ruleId" : "MP408",
              "ruleIndex" : 0,
              "level" : "warning",
              "message" : {
                "text" : "spec.kubernetesVersion: Kubernetes 1.33 reached AKS end of life on 2026-07-31 (as of 2026-09-15): AKS creates no new cluster at 1.33, so a new cluster's first apply fails; an existing 1.33 cluster is in platform support until 1.37 GA (no security patches or bug fixes) (use \\"1.34\\" (supported until 2026-11-30); an existing cluster upgrades one minor at a time)"
              },
              "locations" : [ {
                "physicalLocation" : {
                  "artifactLocation" : {
                    "uri" : "target/validate-inputs/warning.yaml",
                    "uriBaseId" : "%%SRCROOT%%"
                  },
                  "region" : {
                    "startLine" : 7,
                    "startColumn" : 22
                  }
                }
              } ]
            } ]
          } ]
        }
        """
            .formatted(version()),
        run.out());
  }

  @Test
  void strictTurnsWarningsIntoFailure() {
    assertEquals(0, run("validate", AS_OF, "target/validate-inputs/warning.yaml").exitCode());
    Run strict = run("validate", AS_OF, "--strict", "target/validate-inputs/warning.yaml");
    assertEquals(
        new Run(
            1,
            "",
            """
            target/validate-inputs/warning.yaml:7:22: warning: spec.kubernetesVersion: Kubernetes 1.33 reached AKS end of life on 2026-07-31 (as of 2026-09-15): AKS creates no new cluster at 1.33, so a new cluster's first apply fails; an existing 1.33 cluster is in platform support until 1.37 GA (no security patches or bug fixes) (use "1.34" (supported until 2026-11-30); an existing cluster upgrades one minor at a time)
            %s0 error(s), 1 warning(s) (--strict treats warnings as errors)
            """
                .formatted(PIN_ADVICE)),
        strict);
  }

  @Test
  void readsStandardInput() {
    InputStream original = System.in;
    try {
      System.setIn(
          new ByteArrayInputStream(
              MINIMAL.replace("name: minimal", "name: Bad").getBytes(StandardCharsets.UTF_8)));
      Run run = run("validate", AS_OF, "-");
      assertEquals(
          new Run(
              1,
              "",
              """
              <stdin>:4:9: error: metadata.name: Invalid value: "Bad": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character
              1 error(s), 0 warning(s)
              """),
          run);
    } finally {
      System.setIn(original);
    }
  }

  @Test
  void hostileInputGetsOneLineAndNoStackTrace() {
    Run run = run("validate", AS_OF, "target/validate-inputs/deep.yaml");
    assertEquals(
        new Run(
            1,
            "",
            """
            target/validate-inputs/deep.yaml:1:35: error: nesting is deeper than 32 levels; an AKSCluster needs fewer than 8
            1 error(s), 0 warning(s)
            """),
        run);
  }

  @Test
  void topLevelHelpListsEverySubcommandThoughARunRegistersOnlyItsOwn() {
    Run help = run("--help");
    assertEquals(0, help.exitCode());
    List<String> listed =
        help.out()
            .lines()
            .dropWhile(line -> !line.equals("Commands:"))
            .skip(1)
            .filter(line -> line.startsWith("  ") && !line.startsWith("   "))
            .map(line -> line.trim().split(" ")[0])
            .toList();
    assertEquals(
        List.of(
            "validate",
            "generate",
            "schema",
            "diff",
            "explain",
            "drift",
            "import",
            "init",
            "completion"),
        listed);
  }

  @Test
  void aMistypedSubcommandGetsSuggestions() {
    assertEquals(
        new Run(
            1,
            "",
            "modelplane: Unmatched arguments from index 0: 'generat', 'x.yaml'\n"
                + "Did you mean: modelplane generate or modelplane validate?\n"
                + "Run 'modelplane --help' for usage.\n"),
        run("generat", "x.yaml"));
  }

  @Test
  void missingFileIsOneLine() {
    assertEquals(
        new Run(1, "", "modelplane: target/validate-inputs/nope.yaml: no such file or folder\n"),
        run("validate", "target/validate-inputs/nope.yaml"));
  }

  @Test
  void unknownOutputFormatIsAUsageError() {
    Run run = run("validate", "--output", "xml", "target/validate-inputs/valid.yaml");
    assertEquals(1, run.exitCode());
    assertEquals(
        "modelplane: Invalid value for option '--output': expected one of [text, json, sarif] (case-sensitive) but was 'xml'\n"
            + "Run 'modelplane validate --help' for usage.\n",
        run.err());
  }

  private static String version() {
    try {
      return new ModelplaneCommand.Version().getVersion()[0].replace("modelplane ", "");
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
