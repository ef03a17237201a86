package ai.modelplane.drift;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code --output json}. The schema is documented in docs/drift.md; {@code schemaVersion} changes
 * only when a field is removed or changes meaning. Keys are written in a fixed order.
 */
final class JsonReport {
  static final int SCHEMA_VERSION = 1;
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  static {
    // JSON escapes C0 controls already; DEL, C1 controls, bidi and invisible format characters
    // are escaped too (backslash-u escapes), so that reading the report in a terminal shows them.
    // The
    // values parse back unchanged.
    MAPPER.getFactory().setCharacterEscapes(new ServerTextEscapes());
  }

  /** {@link ServerText#unsafe} characters as JSON backslash-u escapes. */
  private static final class ServerTextEscapes extends CharacterEscapes {
    private final int[] ascii = standardAsciiEscapesForJSON();

    ServerTextEscapes() {
      ascii[0x7f] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      if (ch < 0x80 || !ServerText.unsafe(ch)) {
        return null;
      }
      return new SerializedString(String.format(java.util.Locale.ROOT, "\\u%04X", ch));
    }
  }

  private JsonReport() {}

  static String render(DriftRun run) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schemaVersion", SCHEMA_VERSION);
    root.put("status", ReportFormat.label(run.status()));
    root.put("subscription", run.subscription());
    root.put("mode", run.mode());
    root.put("armRequests", run.armRequests());
    ObjectNode summary = root.putObject("summary");
    summary.put("clusters", run.clusters().size());
    summary.put("inSync", run.count(ai.modelplane.generator.drift.DriftOutcome.Status.IN_SYNC));
    summary.put("drift", run.count(ai.modelplane.generator.drift.DriftOutcome.Status.DRIFT));
    summary.put("failed", run.count(ai.modelplane.generator.drift.DriftOutcome.Status.FAILED));
    ArrayNode clusters = root.putArray("clusters");
    for (ClusterResult result : run.clusters()) {
      ObjectNode cluster = clusters.addObject();
      cluster.put("name", result.plan().cluster().qualifiedName());
      cluster.put("source", result.plan().cluster().source().displayPath());
      cluster.put("resourceGroup", result.plan().names().resourceGroup());
      cluster.put("managedCluster", result.plan().names().cluster());
      cluster.put("status", ReportFormat.label(result.status()));
      cluster.put("armRequests", result.armRequests());
      if (result.failure().isPresent()) {
        ObjectNode failure = cluster.putObject("failure");
        failure.put("kind", result.failure().get().kind().label());
        failure.put("message", result.failure().get().message());
      } else {
        cluster.putNull("failure");
      }
      ArrayNode findings = cluster.putArray("findings");
      for (Finding finding : result.findings()) {
        ObjectNode item = findings.addObject();
        item.put("severity", finding.severity().label());
        item.put("kind", finding.kind().label());
        item.put("path", finding.path());
        item.put("azureProperty", finding.azureProperty());
        item.put("desired", finding.desired());
        item.put("live", finding.live());
      }
    }
    try {
      return MAPPER.writeValueAsString(root).replace("\r\n", "\n") + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a tree of strings and numbers always serialises", e);
    }
  }
}
