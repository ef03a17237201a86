package ai.modelplane.drift;

import static ai.modelplane.drift.DriftTestSupport.INFERENCE;
import static ai.modelplane.drift.DriftTestSupport.INFERENCE_CLUSTER;
import static ai.modelplane.drift.DriftTestSupport.INFERENCE_RG;
import static ai.modelplane.drift.DriftTestSupport.INFERENCE_VNET;
import static ai.modelplane.drift.DriftTestSupport.check;
import static ai.modelplane.drift.DriftTestSupport.request;
import static ai.modelplane.drift.DriftTestSupport.settings;
import static ai.modelplane.drift.DriftTestSupport.stubInSync;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.adopt.ImportRequest;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftOutcome.Status;
import ai.modelplane.generator.naming.NameAnnotation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Server text with line breaks, terminal escape sequences, bidi overrides and invisible characters
 * in live names, live values and ARM's messages: every place a person reads it (text and Markdown
 * reports, progress lines, import warnings) shows a visible escape, and the imported YAML holds it
 * escaped and reads back exactly.
 *
 * <p>Each drift or import run carries every payload at once (one extra pool per payload, and all
 * payloads in one live value), and the assertions are made per payload on that run's output.
 */
class ServerTextTest {
  @RegisterExtension static final ArmStub stub = new ArmStub();

  private static final String PRE = "pre";
  private static final String POST = "post";

  /** What a hostile or broken server could put into a name, a value or a message. */
  static final List<String> PAYLOADS =
      List.of(
          "\n", // a line break: a forged report line
          "\r", // a carriage return: overwrites the line on a terminal
          "\t",
          "\u001b[31m", // ESC [31m: a terminal colour; other sequences set titles or move the
          // cursor
          "\u0007", // BEL
          "\u007f", // DEL
          "\u009b", // CSI, the one-byte C1 form of ESC [
          "\u0085", // NEL, a line break to YAML 1.1
          "\u202e", // RIGHT-TO-LEFT OVERRIDE
          "\u2067", // RIGHT-TO-LEFT ISOLATE
          "\u200b", // ZERO WIDTH SPACE
          "\ufeff", // ZERO WIDTH NO-BREAK SPACE (BOM)
          "\udb40\udc41", // TAG LATIN CAPITAL LETTER A (U+E0041)
          "\u2028"); // LINE SEPARATOR

  /** The payloads at which ARM's message is cut (it keeps its first line only). */
  static final List<String> LINE_BREAKS = List.of("\n", "\r", "\u2028");

  private static String hostile(String payload) {
    return PRE + payload + POST;
  }

  /** Every payload, each between the markers, in one value. */
  private static String allHostile(List<String> payloads) {
    return payloads.stream().map(ServerTextTest::hostile).collect(Collectors.joining());
  }

  /** The escape a reader should see. */
  private static String escaped(String payload) {
    StringBuilder out = new StringBuilder();
    payload
        .codePoints()
        .forEach(
            cp -> {
              switch (cp) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                  if (cp < 0x20 || cp >= 0x7f) {
                    out.append(
                        cp > 0xFFFF
                            ? String.format(Locale.ROOT, "\\U%08X", cp)
                            : String.format(Locale.ROOT, "\\u%04X", cp));
                  } else {
                    out.appendCodePoint(cp);
                  }
                }
              }
            });
    return out.toString();
  }

  /** Whether the payload reached {@code text} raw (for a line break: right after the prefix). */
  private static boolean leaked(String text, String payload) {
    return payload.equals("\n") || payload.equals("\r") || payload.equals("\t")
        ? text.contains(PRE + payload)
        : text.contains(payload);
  }

  private static void assertNotLeaked(String text, String payload) {
    assertFalse(leaked(text, payload), "raw " + escaped(payload) + " in:\n" + text);
  }

  private static void assertShownEscaped(String text, String payload) {
    assertNotLeaked(text, payload);
    assertTrue(
        text.contains(PRE + escaped(payload) + POST),
        "no visible " + escaped(payload) + " in:\n" + text);
  }

  /**
   * The reference cluster with every payload in a live version and a pool's VM size, and one extra
   * pool named with each payload.
   */
  private static void stubHostileCluster() {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    DriftFixtures.properties(cluster).put("kubernetesVersion", allHostile(PAYLOADS));
    DriftFixtures.pool(cluster, "gpuh100").put("vmSize", allHostile(PAYLOADS));
    for (String payload : PAYLOADS) {
      ObjectNode extra = DriftFixtures.pool(cluster, "system").deepCopy();
      extra.put("name", hostile(payload)).put("mode", "User");
      DriftFixtures.pools(cluster).add(extra);
    }
    stubInSync(stub);
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
  }

  @Test
  void textReportShowsLiveValuesEscaped() {
    stubHostileCluster();

    DriftOutcome outcome = check(stub, settings(stub), request(stub, "text", List.of(INFERENCE)));

    assertEquals(Status.DRIFT, outcome.status(), outcome.report());
    for (String payload : PAYLOADS) {
      assertShownEscaped(outcome.report(), payload);
      assertTrue(
          outcome.report().contains("agentPoolProfiles[" + PRE + escaped(payload) + POST + "]"),
          escaped(payload) + " in:\n" + outcome.report());
    }
  }

  @Test
  void markdownReportShowsLiveValuesEscaped() {
    stubHostileCluster();

    DriftOutcome outcome =
        check(stub, settings(stub), request(stub, "markdown", List.of(INFERENCE)));

    assertEquals(Status.DRIFT, outcome.status(), outcome.report());
    // Markdown doubles the backslash so that it renders as one.
    String markdown = outcome.report().replace("\\\\", "\\");
    for (String payload : PAYLOADS) {
      assertShownEscaped(markdown, payload);
    }
  }

  /** ARM answers the VNet read with an error whose message holds {@code text}. */
  private static String failureShown(String text) {
    stubInSync(stub);
    stub.getReturns(INFERENCE_VNET, 400, ArmStub.armError("InvalidRequest", "bad " + text));
    List<String> progress = new ArrayList<>();

    DriftOutcome outcome =
        new AzureDriftService(settings(stub))
            .check(request(stub, "text", List.of(INFERENCE)), progress::add);

    assertEquals(Status.FAILED, outcome.status(), outcome.report());
    return outcome.report() + "\n" + String.join("\n", progress);
  }

  @Test
  void armMessagesInFailuresAndProgressAreEscaped() {
    List<String> shownWhole =
        PAYLOADS.stream().filter(payload -> !LINE_BREAKS.contains(payload)).toList();

    String shown = failureShown(allHostile(shownWhole));

    for (String payload : shownWhole) {
      assertShownEscaped(shown, payload);
    }
  }

  @ParameterizedTest
  @FieldSource("LINE_BREAKS")
  void armMessagesCutAtALineBreakShowNoRawControl(String payload) {
    // ARM's message is cut at its first line break; what is left must still show no raw control.
    assertNotLeaked(failureShown(hostile(payload)), payload);
  }

  @Test
  void jsonReportKeepsTheValueJsonEscaped() throws IOException {
    stubHostileCluster();

    DriftOutcome outcome = check(stub, settings(stub), request(stub, "json", List.of(INFERENCE)));

    JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(outcome.report());
    List<String> live = new ArrayList<>();
    report.get("clusters").get(0).get("findings").forEach(f -> live.add(f.get("live").asText()));
    assertTrue(live.contains(allHostile(PAYLOADS)), live.toString());
    for (String payload : PAYLOADS) {
      assertNotLeaked(outcome.report(), payload);
    }
  }

  /**
   * Imports the cluster with every payload in its DNS prefix and resource ID, and one User pool
   * without GPUs named with each payload.
   */
  private static ImportOutcome importHostile(Path out) {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    DriftFixtures.properties(cluster).put("dnsPrefix", allHostile(PAYLOADS));
    cluster.put("id", cluster.get("id").asText() + "/" + allHostile(PAYLOADS));
    for (String payload : PAYLOADS) {
      ObjectNode extra = DriftFixtures.pool(cluster, "system").deepCopy();
      extra.put("name", hostile(payload)).put("mode", "User").put("vmSize", "Standard_D4s_v5");
      DriftFixtures.pools(cluster).add(extra);
    }
    stubInSync(stub);
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
    return new AzureImportService(settings(stub))
        .importClusters(
            new ImportRequest(
                Optional.empty(),
                Optional.of(INFERENCE_RG),
                Optional.of("inference-westeurope"),
                false,
                "platform",
                out,
                DriftTestSupport.ROOT,
                "AzureCloud",
                Optional.of(URI.create(stub.baseUrl())),
                DriftTestSupport.GENEROUS_TIMEOUT),
            ProgressListener.SILENT);
  }

  @Test
  void importShowsLiveNamesEscapedAndItsYamlReadsTheValueBack(@TempDir Path dir)
      throws IOException {
    ImportOutcome outcome = importHostile(dir);

    assertEquals(1, outcome.clusters().size(), outcome.errors().toString());
    ImportOutcome.ImportedCluster cluster = outcome.clusters().get(0);
    String warnings = String.join("\n", cluster.warnings());
    String shown =
        warnings
            + "\n"
            + String.join("\n", cluster.firstApplyChanges())
            + "\n"
            + String.join("\n", outcome.errors());
    String text = Files.readString(dir.resolve("inference-westeurope.yaml"));
    for (String payload : PAYLOADS) {
      assertShownEscaped(cluster.armId(), payload);
      assertShownEscaped(warnings, payload);
      assertNotLeaked(shown, payload);
      // The imported YAML: escaped, and read back exactly.
      assertNotLeaked(text, payload);
      assertTrue(text.contains(PRE + escaped(payload) + POST), text);
    }
    JsonNode document = new YAMLMapper().readTree(text);
    assertEquals(
        allHostile(PAYLOADS),
        document
            .path("metadata")
            .path("annotations")
            .path(NameAnnotation.DNS_PREFIX.key())
            .asText(),
        text);
  }

  @Test
  void printableEscapesOnlyWhatActsInsteadOfShowing() {
    assertEquals("plain ünïcödé 日本 \\ / \"", ServerText.printable("plain ünïcödé 日本 \\ / \""));
    assertEquals(
        "a\\nb\\u001B[31mc\\u202Ed\\U000E0041\\u00ADe\\u061Cf",
        ServerText.printable("a\nb\u001b[31mc\u202ed\udb40\udc41\u00ade\u061cf"));
    assertEquals(null, ServerText.printable(null));
  }

  @Test
  void yamlScalarsStayValidAndExact() throws IOException {
    for (String value :
        List.of(
            "a\"b\\c", "\u0085\u009b\u007f", "x\u202ey", "\udb40\udc41", "\u2028", "tab\there")) {
      String yaml = "v: " + YamlScalars.scalar(value) + "\n";
      assertEquals(value, new YAMLMapper().readTree(yaml).get("v").asText(), yaml);
      assertTrue(yaml.codePoints().allMatch(cp -> cp == '\n' || (cp >= 0x20 && cp < 0x7f)), yaml);
    }
  }
}
