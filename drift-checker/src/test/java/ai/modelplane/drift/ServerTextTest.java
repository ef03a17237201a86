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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Server text with line breaks, terminal escape sequences, bidi overrides and invisible characters
 * in live names, live values and ARM's messages: every place a person reads it (text and Markdown
 * reports, progress lines, import warnings) shows a visible escape, and the imported YAML holds it
 * escaped and reads back exactly.
 */
class ServerTextTest {
  @RegisterExtension static final ArmStub stub = new ArmStub();

  private static final String PRE = "pre";
  private static final String POST = "post";

  /** What a hostile or broken server could put into a name, a value or a message. */
  static Stream<String> payloads() {
    return Stream.of(
        "\n", // a line break: a forged report line
        "\r", // a carriage return: overwrites the line on a terminal
        "\t",
        "\u001b[31m", // ESC [31m: a terminal colour; other sequences set titles or move the cursor
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
  }

  private static String hostile(String payload) {
    return PRE + payload + POST;
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

  private static void assertShownEscaped(String text, String payload) {
    assertFalse(leaked(text, payload), "raw " + escaped(payload) + " in:\n" + text);
    assertTrue(
        text.contains(PRE + escaped(payload) + POST),
        "no visible " + escaped(payload) + " in:\n" + text);
  }

  /** The reference cluster with the payload in a live version, a pool's VM size and a pool name. */
  private static void stubHostileCluster(String payload) {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    DriftFixtures.properties(cluster).put("kubernetesVersion", hostile(payload));
    DriftFixtures.pool(cluster, "gpuh100").put("vmSize", hostile(payload));
    ObjectNode extra = DriftFixtures.pool(cluster, "system").deepCopy();
    extra.put("name", hostile(payload)).put("mode", "User");
    DriftFixtures.pools(cluster).add(extra);
    stubInSync(stub);
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
  }

  @ParameterizedTest
  @MethodSource("payloads")
  void textReportShowsLiveValuesEscaped(String payload) {
    stubHostileCluster(payload);

    DriftOutcome outcome = check(stub, settings(stub), request(stub, "text", List.of(INFERENCE)));

    assertEquals(Status.DRIFT, outcome.status(), outcome.report());
    assertShownEscaped(outcome.report(), payload);
    assertTrue(
        outcome.report().contains("agentPoolProfiles[" + PRE + escaped(payload) + POST + "]"),
        outcome.report());
  }

  @ParameterizedTest
  @MethodSource("payloads")
  void markdownReportShowsLiveValuesEscaped(String payload) {
    stubHostileCluster(payload);

    DriftOutcome outcome =
        check(stub, settings(stub), request(stub, "markdown", List.of(INFERENCE)));

    assertEquals(Status.DRIFT, outcome.status(), outcome.report());
    // Markdown doubles the backslash so that it renders as one.
    String markdown = outcome.report().replace("\\\\", "\\");
    assertShownEscaped(markdown, payload);
  }

  @ParameterizedTest
  @MethodSource("payloads")
  void armMessagesInFailuresAndProgressAreEscaped(String payload) {
    stubInSync(stub);
    stub.getReturns(
        INFERENCE_VNET, 400, ArmStub.armError("InvalidRequest", "bad " + hostile(payload)));
    List<String> progress = new ArrayList<>();

    DriftOutcome outcome =
        new AzureDriftService(settings(stub))
            .check(request(stub, "text", List.of(INFERENCE)), progress::add);

    assertEquals(Status.FAILED, outcome.status(), outcome.report());
    String shown = outcome.report() + "\n" + String.join("\n", progress);
    // ARM's message is cut at its first line break; what is left must still show no raw control.
    assertFalse(leaked(shown, payload), "raw " + escaped(payload) + " in:\n" + shown);
    if (!payload.equals("\n") && !payload.equals("\r") && !payload.equals("\u2028")) {
      assertShownEscaped(shown, payload);
    }
  }

  @ParameterizedTest
  @MethodSource("payloads")
  void jsonReportKeepsTheValueJsonEscaped(String payload) throws IOException {
    stubHostileCluster(payload);

    DriftOutcome outcome = check(stub, settings(stub), request(stub, "json", List.of(INFERENCE)));

    JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(outcome.report());
    List<String> live = new ArrayList<>();
    report.get("clusters").get(0).get("findings").forEach(f -> live.add(f.get("live").asText()));
    assertTrue(live.contains(hostile(payload)), live.toString());
    assertFalse(leaked(outcome.report(), payload), outcome.report());
  }

  /** The cluster to import: a User pool without GPUs named by the server, and its DNS prefix. */
  private static ImportOutcome importHostile(String payload, Path out) {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    DriftFixtures.properties(cluster).put("dnsPrefix", hostile(payload));
    cluster.put("id", cluster.get("id").asText() + "/" + hostile(payload));
    ObjectNode extra = DriftFixtures.pool(cluster, "system").deepCopy();
    extra.put("name", hostile(payload)).put("mode", "User").put("vmSize", "Standard_D4s_v5");
    DriftFixtures.pools(cluster).add(extra);
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

  @ParameterizedTest
  @MethodSource("payloads")
  void importWarningsShowLiveNamesEscaped(String payload, @TempDir Path dir) {
    ImportOutcome outcome = importHostile(payload, dir);

    assertEquals(1, outcome.clusters().size(), outcome.errors().toString());
    ImportOutcome.ImportedCluster cluster = outcome.clusters().get(0);
    assertShownEscaped(cluster.armId(), payload);
    String shown =
        String.join("\n", cluster.warnings())
            + "\n"
            + String.join("\n", cluster.firstApplyChanges())
            + "\n"
            + String.join("\n", outcome.errors());
    assertShownEscaped(String.join("\n", cluster.warnings()), payload);
    assertFalse(leaked(shown, payload), "raw " + escaped(payload) + " in:\n" + shown);
  }

  @ParameterizedTest
  @MethodSource("payloads")
  void importedYamlHoldsTheValueEscapedAndReadsItBack(String payload, @TempDir Path dir)
      throws IOException {
    importHostile(payload, dir);

    Path file = dir.resolve("inference-westeurope.yaml");
    String text = Files.readString(file);
    assertFalse(leaked(text, payload), "raw " + escaped(payload) + " in:\n" + text);
    assertTrue(text.contains(PRE + escaped(payload) + POST), text);
    JsonNode document = new YAMLMapper().readTree(text);
    assertEquals(
        hostile(payload),
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
