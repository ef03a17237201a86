package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

/** Machine-readable forms of a validation result: a plain JSON report and SARIF 2.1.0. */
public final class DiagnosticReports {
  public static final String SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DiagnosticReports() {}

  /** {@code {"valid":…,"errors":n,"warnings":n,"diagnostics":[…]}}, in the order of the list. */
  public static String json(List<Diagnostic> diagnostics, boolean valid) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode report = nodes.objectNode();
    report.put("valid", valid);
    report.put("errors", diagnostics.stream().filter(Diagnostic::isError).count());
    report.put("warnings", diagnostics.stream().filter(d -> !d.isError()).count());
    ArrayNode list = report.putArray("diagnostics");
    for (Diagnostic diagnostic : diagnostics) {
      ObjectNode item = list.addObject();
      item.put("code", diagnostic.code().name());
      item.put("severity", diagnostic.severity().label());
      item.put("file", diagnostic.file());
      item.put("line", diagnostic.line());
      item.put("column", diagnostic.column());
      item.put("path", diagnostic.fieldPath());
      item.put("message", diagnostic.message());
      item.put("hint", diagnostic.hint());
    }
    return write(report);
  }

  /**
   * SARIF 2.1.0 with one rule per code used; artifact URIs are relative to {@code workingDirectory}
   * (with {@code uriBaseId} {@code %SRCROOT%}) so CI systems can annotate pull requests.
   */
  public static String sarif(
      List<Diagnostic> diagnostics, Path workingDirectory, String toolVersion) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode log = nodes.objectNode();
    log.put("$schema", SARIF_SCHEMA);
    log.put("version", "2.1.0");
    ObjectNode run = log.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "modelplane");
    driver.put("version", toolVersion);
    driver.put("informationUri", "https://modelplane.ai");
    ArrayNode rules = driver.putArray("rules");
    List<String> codes =
        List.copyOf(new TreeSet<>(diagnostics.stream().map(d -> d.code().name()).toList()));
    for (String code : codes) {
      ObjectNode rule = rules.addObject();
      rule.put("id", code);
      rule.putObject("shortDescription").put("text", summary(code));
    }
    ArrayNode results = run.putArray("results");
    for (Diagnostic diagnostic : diagnostics) {
      ObjectNode result = results.addObject();
      result.put("ruleId", diagnostic.code().name());
      result.put("ruleIndex", codes.indexOf(diagnostic.code().name()));
      result.put("level", diagnostic.isError() ? "error" : "warning");
      String text =
          (diagnostic.fieldPath().isEmpty() ? "" : diagnostic.fieldPath() + ": ")
              + diagnostic.message()
              + (diagnostic.hint().isEmpty() ? "" : " (" + diagnostic.hint() + ")");
      result.putObject("message").put("text", text);
      ObjectNode physical = result.putArray("locations").addObject().putObject("physicalLocation");
      ObjectNode artifact = physical.putObject("artifactLocation");
      artifact.put("uri", artifactUri(diagnostic.file(), workingDirectory));
      artifact.put("uriBaseId", "%SRCROOT%");
      if (diagnostic.line() > 0) {
        ObjectNode region = physical.putObject("region");
        region.put("startLine", diagnostic.line());
        region.put("startColumn", Math.max(diagnostic.column(), 1));
      }
    }
    return write(log);
  }

  private static String summary(String code) {
    for (DiagnosticCode known : DiagnosticCode.values()) {
      if (known.name().equals(code)) {
        return known.summary();
      }
    }
    return code;
  }

  static String artifactUri(String file, Path workingDirectory) {
    if (file.equals("<stdin>")) {
      return "stdin";
    }
    Path path = Path.of(file);
    if (path.isAbsolute()) {
      Path base = workingDirectory.toAbsolutePath().normalize();
      Path normalized = path.normalize();
      if (normalized.startsWith(base)) {
        path = base.relativize(normalized);
      }
    }
    String uri = path.normalize().toString().replace('\\', '/');
    return uri.replace("%", "%25").replace(" ", "%20");
  }

  private static String write(ObjectNode node) {
    try {
      return JSON.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain nodes always serialises", e);
    }
  }
}
