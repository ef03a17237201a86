package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.diagnostic.Subject;
import ai.modelplane.generator.diagnostic.Subject.GeneratedOutput;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
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

  private static List<String> ids(JsonNode descriptors) {
    return descriptors.findValuesAsText("id");
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
