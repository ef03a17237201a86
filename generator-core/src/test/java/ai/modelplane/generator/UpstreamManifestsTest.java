package ai.modelplane.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upstream Modelplane's manifests, as they are: the shape of its reference example, and a {@code
 * kubectl get -o yaml} export from an upstream cluster (server-set metadata, every default applied,
 * {@code spec.credentials}, {@code spec.crossplane}, {@code status}). Both validate and generate in
 * both targets; the export's values that AKS cannot use are generated safely.
 */
class UpstreamManifestsTest {
  private static final Path FOLDER = Path.of("src", "test", "resources", "upstream");
  private static final String REFERENCE = "reference-aksclusters.yaml";
  private static final String EXPORTED = "exported-akscluster.yaml";

  @TempDir Path dir;

  private static ValidationResult validate(String name) {
    return new Validator(CrdSchema.bundled(), Fixtures.CLOCK)
        .validate(List.of(InputSource.file(FOLDER.resolve(name), "upstream/" + name)));
  }

  private static List<String> formatted(ValidationResult result) {
    return result.diagnostics().stream().map(Diagnostic::format).toList();
  }

  @Test
  void theReferenceExampleValidatesWithoutAWord() {
    ValidationResult result = validate(REFERENCE);
    assertEquals(List.of(), formatted(result));
    assertEquals(1, result.clusters().size());
  }

  @Test
  void anExportValidatesWithOneWarningForTheIgnoredFieldsAndOneForEachSafeValue() {
    ValidationResult result = validate(EXPORTED);
    assertEquals(
        List.of(
            "upstream/exported-akscluster.yaml:49:3: warning: spec.credentials: spec.credentials (line 49), spec.crossplane (line 52) and status (line 89)"
                + " are accepted as upstream Modelplane writes them and ignored: the generated code does not use them (see docs/upstream-compatibility.md)",
            "upstream/exported-akscluster.yaml:71:21: warning: spec.nodePools[0].minNodeCount: minNodeCount 0 on a System pool is generated as 1:"
                + " AKS keeps at least one node in every System pool (upstream Modelplane defaults minNodeCount to 0; write 1 to silence this)",
            "upstream/exported-akscluster.yaml:81:21: warning: spec.nodePools[1].minNodeCount: minNodeCount 0 on a GPU pool is generated as 1:"
                + " the AKS autoscaler cannot scale a DRA GPU pool up from zero (upstream Modelplane defaults minNodeCount to 0; write 1 to silence this)",
            "upstream/exported-akscluster.yaml:88:11: warning: spec.nodePools[1].zones[1]: zone \"1\" is listed more than once; it is generated once"),
        formatted(result));
    assertFalse(result.hasErrors());
    List<NodePool> pools = result.clusters().get(0).spec().nodePools();
    assertEquals(List.of(1, 1), pools.stream().map(NodePool::autoscalerMin).toList());
    assertEquals(List.of("1"), pools.get(1).zones());
  }

  @Test
  void theReferenceExampleGeneratesBothTargets() throws IOException {
    GenerationResult result = generate(REFERENCE);
    assertEquals(List.of(), result.diagnostics());
    assertWroteBothTargets(result);
  }

  @Test
  void anExportGeneratesBothTargetsWithTheSafeValues() throws IOException {
    GenerationResult result = generate(EXPORTED);
    assertEquals(4, result.diagnostics().size());
    assertTrue(result.diagnostics().stream().noneMatch(Diagnostic::isError));
    assertWroteBothTargets(result);
    Path cluster = dir.resolve("out/platform/inference-westeurope");
    String terraform = readAll(cluster.resolve("terraform"));
    String bicep = readAll(cluster.resolve("bicep"));
    // Both pools' lower bounds, as literals: the System pool's and the GPU pool's.
    assertEquals(List.of(1, 1), numbers(terraform, "min_count\\s*=\\s*(\\d+)"));
    assertEquals(List.of(1, 1), numbers(bicep, "(?:minCount|MinCount):\\s*(\\d+)"));
    // The GPU pool has its zone once; the System pool has none.
    assertEquals(List.of("[\"1\"]", "[]"), matches(terraform, "\\bzones\\s*=\\s*(\\[[^\\]]*\\])"));
    for (String ignored :
        List.of(
            "ClusterProviderConfig",
            "ReconcileSuccess",
            "6f1c2a9e",
            "aksclusters.infrastructure.modelplane.ai-4f7c2d1")) {
      assertFalse(
          terraform.contains(ignored) || bicep.contains(ignored),
          ignored + " reached the generated code");
    }
  }

  private GenerationResult generate(String name) throws IOException {
    Files.createDirectories(dir.resolve("clusters"));
    Files.copy(FOLDER.resolve(name), dir.resolve("clusters").resolve(name));
    return Generator.generate(
        GenerationRequest.of(
            List.of("clusters"), dir, Path.of("out"), Set.of(Target.TERRAFORM, Target.BICEP)),
        ProgressListener.SILENT);
  }

  private static void assertWroteBothTargets(GenerationResult result) {
    assertTrue(
        result.written().stream()
            .anyMatch(path -> path.startsWith("platform/inference-westeurope/terraform/")),
        result.written().toString());
    assertTrue(
        result.written().stream()
            .anyMatch(path -> path.startsWith("platform/inference-westeurope/bicep/")),
        result.written().toString());
  }

  private static List<String> matches(String text, String regex) {
    return Pattern.compile(regex).matcher(text).results().map(match -> match.group(1)).toList();
  }

  private static List<Integer> numbers(String text, String regex) {
    return matches(text, regex).stream().map(Integer::valueOf).toList();
  }

  private static String readAll(Path folder) throws IOException {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        text.append(Files.readString(file)).append('\n');
      }
    }
    return text.toString();
  }
}
