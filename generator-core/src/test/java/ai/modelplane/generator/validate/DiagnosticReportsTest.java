package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.diagnostic.ShownDiagnostics;
import ai.modelplane.generator.diagnostic.Subject;
import ai.modelplane.generator.diagnostic.Subject.GeneratedOutput;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A finding about the generated output (a pin every root carries) is no finding in a file: the text
 * and JSON name it in words, SARIF makes it a tool execution notification, never a result.
 */
class DiagnosticReportsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final Diagnostic IN_INPUT =
      new Diagnostic(
          DiagnosticCode.MP408,
          Severity.WARNING,
          "clusters/a.yaml",
          6,
          22,
          "spec.kubernetesVersion",
          "too old",
          "use 1.34");

  private static final Diagnostic ABOUT_OUTPUT =
      Diagnostic.aboutOutput(
          DiagnosticCode.MP502,
          Severity.WARNING,
          GeneratedOutput.ofEveryCluster("Terraform", "terraform/terraform.tf"),
          "terraform.required_providers.azurerm.version",
          "major 5 has been released",
          "no YAML change fixes this");

  private static final Diagnostic ABOUT_SHARED_MODULE =
      Diagnostic.aboutOutput(
          DiagnosticCode.MP504,
          Severity.WARNING,
          GeneratedOutput.shared("Bicep", "modules/bicep/cluster.bicep"),
          "resource.apiVersion",
          "preview",
          "");

  @Test
  void textNamesTheGeneratedFileInWordsWithoutAPosition() {
    assertEquals(
        "generated Terraform, every cluster's terraform/terraform.tf: warning:"
            + " terraform.required_providers.azurerm.version: major 5 has been released"
            + " (no YAML change fixes this)",
        ABOUT_OUTPUT.format());
    assertEquals(
        "generated Bicep, modules/bicep/cluster.bicep: warning: resource.apiVersion: preview",
        ABOUT_SHARED_MODULE.format());
    assertEquals(
        "clusters/a.yaml:6:22: warning: spec.kubernetesVersion: too old (use 1.34)",
        IN_INPUT.format());
  }

  @Test
  void anInputSubjectIsTheDefaultAndAnOutputSubjectHasNoPosition() {
    assertEquals(Subject.INPUT, IN_INPUT.subject());
    assertEquals("", ABOUT_OUTPUT.file());
    assertEquals(0, ABOUT_OUTPUT.line());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Diagnostic(
                DiagnosticCode.MP502,
                Severity.WARNING,
                "OUT/NAMESPACE/NAME/terraform/terraform.tf",
                0,
                0,
                "",
                "m",
                "",
                GeneratedOutput.ofEveryCluster("Terraform", "terraform/terraform.tf")));
  }

  @Test
  void jsonKeepsEveryFieldAndAddsWhatTheFindingIsAbout() throws Exception {
    JsonNode report =
        JSON.readTree(
            DiagnosticReports.json(List.of(IN_INPUT, ABOUT_OUTPUT, ABOUT_SHARED_MODULE), true));
    assertEquals(3, report.get("warnings").asInt());
    JsonNode input = report.get("diagnostics").get(0);
    assertEquals("input", input.get("subject").asText());
    assertEquals("clusters/a.yaml", input.get("file").asText());
    assertFalse(input.has("about"));
    assertFalse(input.has("outputFile"));

    JsonNode output = report.get("diagnostics").get(1);
    assertEquals(
        List.of(
            "code",
            "severity",
            "file",
            "line",
            "column",
            "path",
            "message",
            "hint",
            "subject",
            "about",
            "outputFile"),
        fieldNames(output));
    assertEquals("output", output.get("subject").asText());
    assertEquals("", output.get("file").asText());
    assertEquals(0, output.get("line").asInt());
    assertEquals(0, output.get("column").asInt());
    assertEquals(
        "generated Terraform, every cluster's terraform/terraform.tf",
        output.get("about").asText());
    assertEquals("NAMESPACE/NAME/terraform/terraform.tf", output.get("outputFile").asText());
    assertEquals(
        "modules/bicep/cluster.bicep", report.get("diagnostics").get(2).get("outputFile").asText());
  }

  @Test
  void sarifMakesOutputFindingsToolNotificationsAndLocatesResultsInInputsOnly() throws Exception {
    JsonNode log =
        JSON.readTree(
            DiagnosticReports.sarif(
                List.of(IN_INPUT, ABOUT_OUTPUT, ABOUT_SHARED_MODULE), Path.of(""), "1.0"));
    JsonNode run = log.get("runs").get(0);
    JsonNode driver = run.get("tool").get("driver");
    assertEquals(List.of("MP408"), ids(driver.get("rules")));
    assertEquals(List.of("MP502", "MP504"), ids(driver.get("notifications")));

    JsonNode results = run.get("results");
    assertEquals(1, results.size());
    assertEquals(
        "clusters/a.yaml",
        results
            .get(0)
            .get("locations")
            .get(0)
            .get("physicalLocation")
            .get("artifactLocation")
            .get("uri")
            .asText());

    JsonNode invocation = run.get("invocations").get(0);
    assertEquals(true, invocation.get("executionSuccessful").asBoolean());
    JsonNode notifications = invocation.get("toolExecutionNotifications");
    assertEquals(2, notifications.size());
    JsonNode pin = notifications.get(0);
    assertEquals(List.of("descriptor", "level", "message"), fieldNames(pin));
    assertEquals("MP502", pin.get("descriptor").get("id").asText());
    assertEquals(0, pin.get("descriptor").get("index").asInt());
    assertEquals("warning", pin.get("level").asText());
    assertEquals(
        "generated Terraform, every cluster's terraform/terraform.tf:"
            + " terraform.required_providers.azurerm.version: major 5 has been released"
            + " (no YAML change fixes this)",
        pin.get("message").get("text").asText());
    assertEquals(1, notifications.get(1).get("descriptor").get("index").asInt());
  }

  @Test
  void sarifWithoutOutputFindingsHasNoNotificationsAndStdinHasNoLocation() throws Exception {
    Diagnostic stdin =
        new Diagnostic(
            DiagnosticCode.MP104, Severity.ERROR, "<stdin>", 4, 9, "metadata.name", "bad", "");
    JsonNode run =
        JSON.readTree(DiagnosticReports.sarif(List.of(stdin), Path.of(""), "1.0"))
            .get("runs")
            .get(0);
    assertFalse(run.get("tool").get("driver").has("notifications"));
    assertFalse(run.get("invocations").get(0).has("toolExecutionNotifications"));
    JsonNode result = run.get("results").get(0);
    assertEquals("metadata.name: bad", result.get("message").get("text").asText());
    assertFalse(result.has("locations"));
  }

  /**
   * 3,000 broken pools, two errors each, and a warning about the output: what each report shows is
   * the first {@code MAX_SHOWN} by position, whatever order the findings came in, and the rest are
   * counted by severity.
   */
  private static List<Diagnostic> manyPools(int pools, String message) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    for (int i = 0; i < pools; i++) {
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP205,
              Severity.ERROR,
              "many.yaml",
              7 + i,
              11,
              "spec.nodePools[" + i + "].name",
              message,
              ""));
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP204,
              Severity.ERROR,
              "many.yaml",
              7 + i,
              23,
              "spec.nodePools[" + i + "].role",
              message,
              ""));
      diagnostics.add(
          new Diagnostic(
              DiagnosticCode.MP402,
              Severity.WARNING,
              "many.yaml",
              7 + i,
              35,
              "spec.nodePools[" + i + "].vmSize",
              message,
              ""));
    }
    diagnostics.add(ABOUT_OUTPUT);
    return diagnostics;
  }

  @Test
  void aCutShowsTheFirstByPositionAndCountsTheRestBySeverity() {
    List<Diagnostic> sorted = manyPools(3_000, "m");
    List<Diagnostic> shuffled = new ArrayList<>(sorted);
    Collections.shuffle(shuffled, new Random(34));
    ShownDiagnostics shown = ShownDiagnostics.of(shuffled);
    assertEquals(sorted.subList(0, ShownDiagnostics.MAX_SHOWN), shown.shown());
    // 9,001 findings: 1,000 shown (pools 0 to 332 and the name of pool 333), the output's last.
    assertEquals(6_000 - 667, shown.omittedErrors());
    assertEquals(3_000 - 333 + 1, shown.omittedWarnings());
    List<String> lines = shown.lines();
    assertEquals(1_001, lines.size());
    assertEquals(
        "... and 8001 more diagnostics not shown: 5333 errors, 2668 warnings (only the first 1000"
            + " by file and position are shown; fix those and run again)",
        lines.get(1_000));
    assertEquals(Optional.empty(), ShownDiagnostics.of(sorted.subList(0, 1_000)).summary());
    assertEquals(
        "... and 1 more diagnostic not shown: 0 errors, 1 warning (only the first 2 by file and"
            + " position are shown; fix those and run again)",
        ShownDiagnostics.of(List.of(ABOUT_OUTPUT, IN_INPUT, IN_INPUT), 2).summary().orElseThrow());
    // Findings about the output follow the inputs' when cut.
    assertEquals(
        List.of(IN_INPUT, IN_INPUT),
        ShownDiagnostics.of(List.of(ABOUT_OUTPUT, IN_INPUT, IN_INPUT), 2).shown());
  }

  @Test
  void jsonCountsEveryFindingListsTheShownAndCountsTheOmitted() throws Exception {
    JsonNode report = JSON.readTree(DiagnosticReports.json(manyPools(3_000, "m"), false));
    assertEquals(6_000, report.get("errors").asInt());
    assertEquals(3_001, report.get("warnings").asInt());
    assertEquals(ShownDiagnostics.MAX_SHOWN, report.get("diagnostics").size());
    assertEquals(5_333, report.get("omitted").get("errors").asInt());
    assertEquals(2_668, report.get("omitted").get("warnings").asInt());
    assertEquals(
        List.of("valid", "errors", "warnings", "omitted", "diagnostics"), fieldNames(report));
    // Within the cap the report is as before: no "omitted".
    assertFalse(JSON.readTree(DiagnosticReports.json(List.of(IN_INPUT), true)).has("omitted"));
  }

  @Test
  void sarifStaysWithinCodeScanningsLimitsAndSaysWhatWasCut() throws Exception {
    String text = DiagnosticReports.sarif(manyPools(3_000, "m"), Path.of(""), "1.0");
    assertTrue(bytes(text) <= DiagnosticReports.SARIF_MAX_BYTES);
    JsonNode run = JSON.readTree(text).get("runs").get(0);
    assertEquals(ShownDiagnostics.MAX_SHOWN, run.get("results").size());
    assertEquals(5_333, run.at("/properties/omitted/errors").asInt());
    assertEquals(2_668, run.at("/properties/omitted/warnings").asInt());
    JsonNode cut = run.at("/invocations/0/toolExecutionNotifications/0");
    assertEquals("error", cut.get("level").asText());
    assertTrue(cut.at("/message/text").asText().startsWith("... and 8001 more diagnostics"));
    // The output's warning was cut, so no notification describes it.
    assertEquals(1, run.at("/invocations/0/toolExecutionNotifications").size());
    assertFalse(run.at("/tool/driver").has("notifications"));
  }

  /**
   * Messages can quote values of up to 65,536 characters: a thousand of them would make a 70 MB
   * log. Fewer results are shown, the first by position, until the log fits.
   */
  @Test
  void sarifOfLongMessagesShowsFewerResultsToFitTheSizeLimit() throws Exception {
    List<Diagnostic> diagnostics = manyPools(400, "x".repeat(60_000));
    String text = DiagnosticReports.sarif(diagnostics, Path.of(""), "1.0");
    long size = bytes(text);
    assertTrue(size <= DiagnosticReports.SARIF_MAX_BYTES, size + " bytes");
    assertTrue(size > DiagnosticReports.SARIF_MAX_BYTES / 2, size + " bytes");
    assertTrue(gzipped(text) < 10_000_000);
    JsonNode run = JSON.readTree(text).get("runs").get(0);
    int results = run.get("results").size();
    assertTrue(results > 0 && results < 200, results + " results");
    assertEquals(
        diagnostics.get(results - 1).fieldPath(),
        run.get("results").get(results - 1).at("/message/text").asText().split(":")[0]);
    long omitted =
        run.at("/properties/omitted/errors").asLong()
            + run.at("/properties/omitted/warnings").asLong();
    assertEquals(diagnostics.size() - results, omitted);
  }

  private static long bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static long gzipped(String text) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return out.size();
  }

  private static List<String> ids(JsonNode descriptors) {
    return descriptors.findValuesAsText("id");
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
