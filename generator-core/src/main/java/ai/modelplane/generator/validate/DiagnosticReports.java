package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.ShownDiagnostics;
import ai.modelplane.generator.diagnostic.Subject;
import ai.modelplane.generator.load.InputSource;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/** Machine-readable forms of a validation result: a plain JSON report and SARIF 2.1.0. */
public final class DiagnosticReports {
  public static final String SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

  /*
   * GitHub code scanning's limits on an uploaded SARIF log, from "SARIF support for code scanning"
   * (https://docs.github.com/en/code-security/reference/code-scanning/sarif-files/sarif-support-for-code-scanning)
   * and "SARIF results exceed one or more limits"
   * (https://docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/results-exceed-limit):
   * at most 20 runs per file, 25,000 results per run (only the top 5,000 displayed) and 25,000
   * rules per run, and a file of at most 10 MB gzip-compressed ("SARIF results file is too large",
   * https://docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/file-too-large).
   * The log has one run, one rule per diagnostic code (under a hundred) and at most
   * ShownDiagnostics.MAX_SHOWN results; the size is kept under SARIF_MAX_BYTES.
   */

  /** Results per run GitHub code scanning accepts; more are rejected (it displays 5,000). */
  public static final int GITHUB_MAX_RESULTS_PER_RUN = 25_000;

  /**
   * The SARIF log's largest size, uncompressed: GitHub accepts 10 MB gzip-compressed. Keeping the
   * uncompressed text under 9,000,000 bytes holds whatever "MB" means and whatever gzip does (it
   * never grows text by more than a few bytes per 16 KiB block), and an uploader that does not
   * compress gets under the limit too. Only messages quoting long values come near it: a thousand
   * ordinary results take about 0.5 MB.
   */
  public static final int SARIF_MAX_BYTES = 9_000_000;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DiagnosticReports() {}

  /**
   * {@code {"valid":…,"errors":n,"warnings":n,"diagnostics":[…]}}, in the order of the list. Each
   * diagnostic says what it is about: {@code "subject":"input"} at its file, line and column, or
   * {@code "subject":"output"} with {@code about} (in words) and {@code outputFile} (below the
   * output folder), its {@code file} empty and line and column 0. {@code errors} and {@code
   * warnings} count every diagnostic; beyond {@link ShownDiagnostics#MAX_SHOWN} the list holds the
   * first by position and {@code "omitted":{"errors":n,"warnings":n}} counts the rest.
   */
  public static String json(List<Diagnostic> diagnostics, boolean valid) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode report = nodes.objectNode();
    report.put("valid", valid);
    report.put("errors", diagnostics.stream().filter(Diagnostic::isError).count());
    report.put("warnings", diagnostics.stream().filter(d -> !d.isError()).count());
    ShownDiagnostics shown = ShownDiagnostics.of(diagnostics);
    if (shown.isCut()) {
      ObjectNode omitted = report.putObject("omitted");
      omitted.put("errors", shown.omittedErrors());
      omitted.put("warnings", shown.omittedWarnings());
    }
    ArrayNode list = report.putArray("diagnostics");
    for (Diagnostic diagnostic : shown.shown()) {
      ObjectNode item = list.addObject();
      item.put("code", diagnostic.code().name());
      item.put("severity", diagnostic.severity().label());
      item.put("file", diagnostic.file());
      item.put("line", diagnostic.line());
      item.put("column", diagnostic.column());
      item.put("path", diagnostic.fieldPath());
      item.put("message", diagnostic.message());
      item.put("hint", diagnostic.hint());
      Optional<Subject.GeneratedOutput> output = diagnostic.output();
      item.put("subject", output.isPresent() ? "output" : "input");
      output.ifPresent(
          generated -> {
            item.put("about", generated.describe());
            item.put("outputFile", generated.outputPath());
          });
    }
    return write(report);
  }

  /**
   * SARIF 2.1.0. Findings in the input are results, one rule per code used, each located in its
   * input file: artifact URIs relative to {@code workingDirectory} (with {@code uriBaseId} {@code
   * %SRCROOT%}) so CI systems can annotate pull requests; a finding in standard input has no
   * location, since no file holds it. Findings about the generated output are not results: no file
   * of the repository holds them, so they are the invocation's tool execution notifications (SARIF
   * 2.1.0 §3.20.21, §3.58), described by the driver's {@code notifications}.
   *
   * <p>Within GitHub code scanning's upload limits: at most {@link ShownDiagnostics#MAX_SHOWN}
   * diagnostics (the first by position) and at most {@link #SARIF_MAX_BYTES}; what is left out is
   * counted in the run's {@code properties.omitted} ({@code errors}, {@code warnings}) and in a
   * tool execution notification (level {@code error} when errors were left out).
   */
  public static String sarif(
      List<Diagnostic> diagnostics, Path workingDirectory, String toolVersion) {
    ShownDiagnostics shown = ShownDiagnostics.of(diagnostics);
    String log = sarif(shown, workingDirectory, toolVersion);
    // Rarely needed: only messages quoting long values make a thousand results this large. Show
    // fewer, deterministically (the first by position), until the log fits.
    int bytes;
    while ((bytes = log.getBytes(StandardCharsets.UTF_8).length) > SARIF_MAX_BYTES
        && !shown.shown().isEmpty()) {
      int fewer =
          (int)
              Math.min(
                  shown.shown().size() - 1L,
                  (long) shown.shown().size() * (SARIF_MAX_BYTES / 10 * 9) / bytes);
      shown = ShownDiagnostics.of(diagnostics, Math.max(fewer, 0));
      log = sarif(shown, workingDirectory, toolVersion);
    }
    return log;
  }

  private static String sarif(ShownDiagnostics shown, Path workingDirectory, String toolVersion) {
    List<Diagnostic> diagnostics = shown.shown();
    List<Diagnostic> inInputs = diagnostics.stream().filter(d -> d.output().isEmpty()).toList();
    List<Diagnostic> aboutOutput =
        diagnostics.stream().filter(d -> d.output().isPresent()).toList();
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode log = nodes.objectNode();
    log.put("$schema", SARIF_SCHEMA);
    log.put("version", "2.1.0");
    ObjectNode run = log.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "modelplane");
    driver.put("version", toolVersion);
    driver.put("informationUri", "https://modelplane.ai");
    List<String> codes = descriptors(driver.putArray("rules"), inInputs);
    List<String> notificationCodes =
        aboutOutput.isEmpty()
            ? List.of()
            : descriptors(driver.putArray("notifications"), aboutOutput);
    ObjectNode invocation = run.putArray("invocations").addObject();
    invocation.put("executionSuccessful", true);
    if (!aboutOutput.isEmpty() || shown.isCut()) {
      ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
      shown
          .summary()
          .ifPresent(
              summary -> {
                // What was cut, as a notification without a descriptor (SARIF 2.1.0 §3.58): an
                // error when errors were left out, so no reader takes the results for all of them.
                ObjectNode notification = notifications.addObject();
                notification.put("level", shown.omittedErrors() > 0 ? "error" : "warning");
                notification.putObject("message").put("text", summary);
              });
      for (Diagnostic diagnostic : aboutOutput) {
        ObjectNode notification = notifications.addObject();
        ObjectNode descriptor = notification.putObject("descriptor");
        descriptor.put("id", diagnostic.code().name());
        descriptor.put("index", notificationCodes.indexOf(diagnostic.code().name()));
        notification.put("level", level(diagnostic));
        notification
            .putObject("message")
            .put("text", diagnostic.output().orElseThrow().describe() + ": " + text(diagnostic));
      }
    }
    if (shown.isCut()) {
      ObjectNode omitted = run.putObject("properties").putObject("omitted");
      omitted.put("errors", shown.omittedErrors());
      omitted.put("warnings", shown.omittedWarnings());
    }
    ArrayNode results = run.putArray("results");
    for (Diagnostic diagnostic : inInputs) {
      ObjectNode result = results.addObject();
      result.put("ruleId", diagnostic.code().name());
      result.put("ruleIndex", codes.indexOf(diagnostic.code().name()));
      result.put("level", level(diagnostic));
      result.putObject("message").put("text", text(diagnostic));
      if (diagnostic.file().equals(InputSource.STDIN)) {
        continue;
      }
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

  /** One reporting descriptor per code used, sorted; returns the codes in that order. */
  private static List<String> descriptors(ArrayNode descriptors, List<Diagnostic> diagnostics) {
    List<String> codes =
        List.copyOf(new TreeSet<>(diagnostics.stream().map(d -> d.code().name()).toList()));
    for (String code : codes) {
      ObjectNode descriptor = descriptors.addObject();
      descriptor.put("id", code);
      descriptor.putObject("shortDescription").put("text", summary(code));
    }
    return codes;
  }

  private static String level(Diagnostic diagnostic) {
    return diagnostic.isError() ? "error" : "warning";
  }

  private static String text(Diagnostic diagnostic) {
    return (diagnostic.fieldPath().isEmpty() ? "" : diagnostic.fieldPath() + ": ")
        + diagnostic.message()
        + (diagnostic.hint().isEmpty() ? "" : " (" + diagnostic.hint() + ")");
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
