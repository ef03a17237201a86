package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile and malformed inputs: each gets exactly one clear line, never an exception. */
class HostileInputTest {
  private static final Clock CLOCK = Fixtures.CLOCK;
  private static final String MINIMAL = Fixtures.cluster("minimal", "eastus2");

  @TempDir Path folder;

  private ValidationResult load(String name, byte[] content) throws IOException {
    Path file = folder.resolve(name);
    Files.write(file, content);
    return new Validator(CrdSchema.bundled(), CLOCK)
        .validate(List.of(InputSource.file(file, name)));
  }

  private List<String> diagnostics(String name, byte[] content) throws IOException {
    return load(name, content).diagnostics().stream().map(Diagnostic::format).toList();
  }

  private List<String> diagnostics(String name, String content) throws IOException {
    return diagnostics(name, content.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aLoneSurrogateEscapeIsAnErrorAtItsValueNotAQuestionMark() throws IOException {
    String yaml =
        MINIMAL.replace("location: eastus2", "location: \"east\\ud800x\"")
            + "  \"lab\\udc00\": x\n";
    assertEquals(
        List.of(
            "surrogate.yaml:6:13: error: spec.location: invalid Unicode escape: \\uD800 is half of a UTF-16 surrogate pair without its other half,"
                + " so it stands for no character (write the character itself, or a pair such as \\uD83D\\uDE00, or \\U0001F600)",
            "surrogate.yaml:11:3: error: spec.lab\\uDC00: invalid Unicode escape: \\uDC00 is half of a UTF-16 surrogate pair without its other half,"
                + " so it stands for no character (write the character itself, or a pair such as \\uD83D\\uDE00, or \\U0001F600)",
            "surrogate.yaml:11:3: error: spec[lab\uFFFD]: unknown field \"lab\uFFFD\" (known fields: kubernetesVersion, location, endpointAccess, tags, workloadIdentity, gpuStack, networking, apiServer, nodePools, credentials, crossplane, authentication, maintenance)"),
        diagnostics("surrogate.yaml", yaml));
  }

  @Test
  void aSurrogatePairEscapeIsOneCharacter() throws IOException {
    String yaml =
        MINIMAL.replace(
            "  name: minimal", "  name: minimal\n  annotations:\n    note: \"\\ud83d\\ude00\"");
    ValidationResult result = load("pair.yaml", yaml.getBytes(StandardCharsets.UTF_8));
    assertEquals(List.of(), result.diagnostics().stream().map(Diagnostic::format).toList());
  }

  @Test
  void aliasBombIsRefusedAtItsFirstAnchor() throws IOException {
    StringBuilder bomb =
        new StringBuilder(
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (char c = 'b'; c <= 'i'; c++) {
      String previous = String.valueOf((char) (c - 1));
      bomb.append(c)
          .append(": &")
          .append(c)
          .append(" [")
          .append(("*" + previous + ",").repeat(8))
          .append('*')
          .append(previous)
          .append("]\n");
    }
    assertEquals(
        List.of("bomb.yaml:1:4: error: YAML anchors (&a) are not supported; write values out"),
        diagnostics("bomb.yaml", bomb.toString()));
  }

  @Test
  void aliasWithoutAnchorIsRefused() throws IOException {
    assertEquals(
        List.of("alias.yaml:1:4: error: YAML aliases (*x) are not supported; write the value out"),
        diagnostics("alias.yaml", "a: *x\n"));
  }

  @Test
  void mergeKeyIsRefused() throws IOException {
    assertEquals(
        List.of(
            "merge.yaml:2:3: error: YAML merge keys (<<) are not supported; write the fields out"),
        diagnostics("merge.yaml", "spec:\n  <<: {location: westeurope}\n"));
  }

  @Test
  void explicitTagIsRefused() throws IOException {
    assertEquals(
        List.of(
            "tag.yaml:6:13: error: explicit YAML tags (tag:yaml.org,2002:binary) are not supported; use plain or quoted values"),
        diagnostics(
            "tag.yaml", MINIMAL.replace("location: eastus2", "location: !!binary ZWFzdHVzMg==")));
  }

  @Test
  void tenThousandDeepNestingStopsAtTheLimit() throws IOException {
    String deep = "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
    assertEquals(
        List.of(
            "deep.yaml:1:35: error: nesting is deeper than 32 levels; an AKSCluster needs fewer than 8"),
        diagnostics("deep.yaml", deep));
  }

  @Test
  void twentyMebibyteFileIsRefusedBeforeParsing() throws IOException {
    String big = MINIMAL + "# " + "x".repeat(20 * 1024 * 1024) + "\n";
    assertEquals(
        List.of("big.yaml:1:1: error: input is larger than 256 KiB; an AKSCluster is a few KiB"),
        diagnostics("big.yaml", big));
  }

  @Test
  void fiveMebibyteScalarIsRefusedBeforeParsing() throws IOException {
    String scalar =
        MINIMAL.replace("location: eastus2", "location: " + "x".repeat(5 * 1024 * 1024));
    assertEquals(
        List.of("scalar.yaml:1:1: error: input is larger than 256 KiB; an AKSCluster is a few KiB"),
        diagnostics("scalar.yaml", scalar));
  }

  @Test
  void scalarOverTheLimitInsideASmallFileIsRefused() throws IOException {
    String scalar = MINIMAL.replace("location: eastus2", "location: " + "x".repeat(100_000));
    assertEquals(
        List.of("long.yaml:6:13: error: value is longer than 65536 characters"),
        diagnostics("long.yaml", scalar));
  }

  @Test
  void latin1IsNotUtf8() throws IOException {
    byte[] latin1 =
        MINIMAL.replace("name: minimal", "name: café").getBytes(StandardCharsets.ISO_8859_1);
    assertEquals(
        List.of(
            "latin1.yaml:4:12: error: input is not UTF-8: byte 0xE9 cannot start or continue a UTF-8 character; save the file as UTF-8"),
        diagnostics("latin1.yaml", latin1));
  }

  @Test
  void utf16WithByteOrderMarkIsNamed() throws IOException {
    assertEquals(
        List.of("utf16.yaml:1:1: error: input is UTF-16 text; save it as UTF-8"),
        diagnostics("utf16.yaml", MINIMAL.getBytes(StandardCharsets.UTF_16)));
  }

  @Test
  void utf16WithoutByteOrderMarkIsCaughtByItsNulBytes() throws IOException {
    assertEquals(
        List.of(
            "utf16le.yaml:1:2: error: input holds a NUL character; is it UTF-16 or binary? Save it as UTF-8 text"),
        diagnostics("utf16le.yaml", MINIMAL.getBytes(StandardCharsets.UTF_16LE)));
  }

  @Test
  void utf8ByteOrderMarkIsAccepted() throws IOException {
    byte[] withBom = ("\uFEFF" + MINIMAL).getBytes(StandardCharsets.UTF_8);
    ValidationResult result = load("bom.yaml", withBom);
    assertEquals(List.of(), result.diagnostics());
    assertEquals(1, result.clusters().size());
  }

  @Test
  void emptyFile() throws IOException {
    assertEquals(
        List.of(
            "empty.yaml:1:1: error: no AKSCluster in this input: it is empty or holds only comments"),
        diagnostics("empty.yaml", ""));
  }

  @Test
  void commentOnlyFile() throws IOException {
    assertEquals(
        List.of(
            "comments.yaml:1:1: error: no AKSCluster in this input: it is empty or holds only comments"),
        diagnostics("comments.yaml", "# nothing\n# here\n"));
  }

  @Test
  void onlyDocumentSeparators() throws IOException {
    assertEquals(
        List.of(
            "separators.yaml:1:1: error: no AKSCluster in this input: it is empty or holds only comments"),
        diagnostics("separators.yaml", "---\n---\n"));
  }

  @Test
  void emptyAndTrailingDocumentsAreSkipped() throws IOException {
    ValidationResult result =
        load(
            "trailing.yaml",
            ("---\n"
                    + MINIMAL
                    + "---\n---\n"
                    + MINIMAL.replace("name: minimal", "name: second")
                    + "---\n")
                .getBytes(StandardCharsets.UTF_8));
    assertEquals(List.of(), result.diagnostics());
    assertEquals(
        List.of("minimal", "second"), result.clusters().stream().map(c -> c.name()).toList());
  }

  @Test
  void duplicateKeysAreErrorsNamingBothLines() throws IOException {
    String duplicated =
        MINIMAL
            .replace("  location: eastus2\n", "  location: eastus2\n  location: westeurope\n")
            .replace("      role: System\n", "      role: System\n      role: GPU\n");
    assertEquals(
        List.of(
            "dup.yaml:7:3: error: spec.location: duplicate key \"location\" (first defined on line 6)",
            "dup.yaml:11:7: error: spec.nodePools[0].role: duplicate key \"role\" (first defined on line 10)"),
        diagnostics("dup.yaml", duplicated));
  }

  @Test
  void tabsInIndentation() throws IOException {
    assertEquals(
        List.of(
            "tabs.yaml:6:1: error: not valid YAML: a tab character cannot start a token (indent with spaces; YAML does not allow tabs)"),
        diagnostics("tabs.yaml", MINIMAL.replace("  location: eastus2", "\tlocation: eastus2")));
  }

  @Test
  void syntaxErrorIsOneLine() throws IOException {
    assertEquals(
        List.of(
            "broken.yaml:11:1: error: not valid YAML: found unexpected end of stream (while scanning a quoted scalar that starts at 6:13)"),
        diagnostics("broken.yaml", MINIMAL.replace("location: eastus2", "location: \"eastus2")));
  }

  @Test
  void jsonAksClusterIsAccepted() throws IOException {
    String json =
        """
        {"apiVersion": "infrastructure.modelplane.ai/v1alpha1", "kind": "AKSCluster",
         "metadata": {"name": "fromjson"},
         "spec": {"location": "eastus2", "nodePools": [{"name": "system", "role": "System", "vmSize": "Standard_D4s_v5"}]}}
        """;
    ValidationResult result = load("cluster.json", json.getBytes(StandardCharsets.UTF_8));
    assertEquals(List.of(), result.diagnostics());
    assertEquals("fromjson", result.clusters().get(0).name());
  }

  @Test
  void jsonThatIsNotAnAksClusterIsNamed() throws IOException {
    assertEquals(
        List.of(
            "package.json:1:1: error: this is not an AKSCluster: apiVersion and kind are missing (expected apiVersion: infrastructure.modelplane.ai/v1alpha1 and kind: AKSCluster)"),
        diagnostics("package.json", "{\"name\": \"x\", \"version\": \"1.0.0\"}\n"));
  }

  @Test
  void jsonWithErrorsPointsIntoTheJson() throws IOException {
    String json =
        "{\"apiVersion\": \"infrastructure.modelplane.ai/v1alpha1\", \"kind\": \"AKSCluster\", \"metadata\": {\"name\": \"j\"},\n"
            + " \"spec\": {\"location\": \"eastus2\", \"kubernetesVersion\": 1.30, \"nodePools\": [{\"name\": \"system\", \"role\": \"System\", \"vmSize\": \"Standard_D4s_v5\"}]}}\n";
    assertEquals(
        List.of(
            "bad.json:2:55: error: spec.kubernetesVersion: Invalid value: \"number\": must be of type string (YAML reads the unquoted 1.30 as a number; quote it: \"1.30\")"),
        diagnostics("bad.json", json));
  }

  @Test
  void unquotedKubernetesVersionIsANumber() throws IOException {
    assertEquals(
        List.of(
            "version.yaml:6:22: error: spec.kubernetesVersion: Invalid value: \"number\": must be of type string (YAML reads the unquoted 1.30 as a number; quote it: \"1.30\")"),
        diagnostics(
            "version.yaml",
            MINIMAL.replace(
                "  location: eastus2\n", "  kubernetesVersion: 1.30\n  location: eastus2\n")));
  }

  @Test
  void wrongApiVersionAndKind() throws IOException {
    assertEquals(
        List.of(
            "wrong.yaml:1:13: error: apiVersion: Unsupported value: \"infrastructure.modelplane.ai/v1\": supported values: \"infrastructure.modelplane.ai/v1alpha1\"",
            "wrong.yaml:2:7: error: kind: Unsupported value: \"Cluster\": supported values: \"AKSCluster\""),
        diagnostics(
            "wrong.yaml",
            MINIMAL.replace("v1alpha1", "v1").replace("kind: AKSCluster", "kind: Cluster")));
  }

  @Test
  void nulCharacterIsRefused() throws IOException {
    assertEquals(
        List.of(
            "nul.yaml:4:9: error: input holds a NUL character; is it UTF-16 or binary? Save it as UTF-8 text"),
        diagnostics("nul.yaml", MINIMAL.replace("name: minimal", "name: \u0000minimal")));
  }
}
