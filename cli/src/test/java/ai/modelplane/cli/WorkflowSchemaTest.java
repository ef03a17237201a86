package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** examples/ci/github-actions.yml is a valid workflow and uses only the flags the CLI documents. */
class WorkflowSchemaTest {
  static final Path WORKFLOW = Path.of("../examples/ci/github-actions.yml");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private static Schema schema() throws IOException {
    try (InputStream in =
        WorkflowSchemaTest.class.getResourceAsStream("/github-workflow/github-workflow.json")) {
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
          .getSchema(in, InputFormat.JSON);
    }
  }

  @Test
  void workflowIsValidAgainstGitHubsPublishedSchema() throws IOException {
    List<Error> errors = schema().validate(Files.readString(WORKFLOW), InputFormat.YAML);
    assertEquals(List.of(), errors.stream().map(Error::toString).toList());
  }

  @Test
  void schemaCatchesAMistake() throws IOException {
    ObjectNode workflow = (ObjectNode) YAML.readTree(WORKFLOW.toFile());
    ((ObjectNode) workflow.path("jobs").path("review")).put("runs-on-typo", "ubuntu-latest");
    List<Error> errors = schema().validate(workflow);
    assertTrue(
        errors.stream().anyMatch(e -> e.toString().contains("runs-on-typo")), errors.toString());
  }

  @Test
  void jobsHaveThePermissionsTheyRelyOn() throws IOException {
    JsonNode workflow = YAML.readTree(WORKFLOW.toFile());
    assertEquals("{\"contents\":\"read\"}", workflow.path("permissions").toString());
    JsonNode review = workflow.path("jobs").path("review");
    assertEquals(
        "{\"contents\":\"read\",\"security-events\":\"write\",\"pull-requests\":\"write\"}",
        review.path("permissions").toString());
    assertEquals("github.event_name == 'pull_request'", review.path("if").asText());
    assertEquals(
        0,
        review.path("steps").get(0).path("with").path("fetch-depth").asInt(-1),
        "diff --base needs the base commit");
    JsonNode drift = workflow.path("jobs").path("drift");
    assertEquals(
        "{\"contents\":\"read\",\"id-token\":\"write\",\"issues\":\"write\"}",
        drift.path("permissions").toString());
    assertEquals(
        "azure-destructive",
        workflow.path("jobs").path("approve-destructive").path("environment").asText());
    assertTrue(workflow.path("on").has("pull_request"));
    assertEquals("17 5 * * *", workflow.path("on").path("schedule").get(0).path("cron").asText());
  }

  @Test
  void reviewRunsThroughTheActionAndActsOnItsOutputs() throws IOException {
    JsonNode jobs = YAML.readTree(WORKFLOW.toFile()).path("jobs");
    JsonNode review = step(jobs.path("review"), "Review the AKSCluster YAML");
    assertEquals("./", review.path("uses").asText());
    assertEquals("modelplane", review.path("id").asText());
    assertEquals(
        "{\"home\":\"cli/target\",\"paths\":\"${{ env.CLUSTERS }}\",\"generated\":\"${{ env.GENERATED }}\","
            + "\"base-ref\":\"origin/${{ github.base_ref }}\",\"sarif\":\"modelplane.sarif\",\"diff-markdown\":\"modelplane-diff.md\"}",
        review.path("with").toString());
    assertEquals(
        List.of("modelplane drift --output markdown $CLUSTERS > modelplane-drift.md"),
        modelplaneCommands(jobs.path("drift")));
    JsonNode upload = step(jobs.path("review"), "github/codeql-action/upload-sarif@v3");
    assertEquals("modelplane.sarif", upload.path("with").path("sarif_file").asText());
    assertEquals(
        "always() && github.event.pull_request.head.repo.full_name == github.repository",
        upload.path("if").asText());
    assertEquals(
        "(steps.modelplane.outputs.validate-exit-code || '0') != '0' || (steps.modelplane.outputs.check-exit-code || '0') != '0'",
        step(jobs.path("review"), "Fail on invalid YAML or stale generated code")
            .path("if")
            .asText());
    assertEquals(
        "steps.modelplane.outputs.refused == 'true'",
        step(jobs.path("review"), "Fail on a change Azure refuses").path("if").asText());
    assertEquals(
        "${{ steps.modelplane.outputs.destructive }}",
        jobs.path("review").path("outputs").path("destructive").asText());
  }

  @Test
  void diffCommandInTheWorkflowParses() {
    java.io.StringWriter err = new java.io.StringWriter();
    int exit =
        ModelplaneCommand.run(
            new String[] {"diff", "--base", "HEAD", "--output", "markdown", "--help"},
            new java.io.PrintWriter(new java.io.StringWriter()),
            new java.io.PrintWriter(err));
    assertEquals(0, exit, err.toString());
  }

  private static List<String> modelplaneCommands(JsonNode job) {
    List<String> commands = new ArrayList<>();
    for (JsonNode step : job.path("steps")) {
      step.path("run")
          .asText("")
          .lines()
          .map(String::strip)
          .filter(l -> l.startsWith("modelplane "))
          .forEach(commands::add);
    }
    return commands;
  }

  static JsonNode step(JsonNode job, String usesOrName) {
    for (JsonNode step : job.path("steps")) {
      if (usesOrName.equals(step.path("uses").asText())
          || usesOrName.equals(step.path("name").asText())) {
        return step;
      }
    }
    throw new AssertionError("no step " + usesOrName);
  }
}
