package ai.modelplane.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
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
 * Upstream Modelplane's manifests, as they are: its reference example verbatim, a {@code kubectl
 * get -o yaml} export from an upstream cluster (server-set metadata, every default applied, {@code
 * spec.credentials}, {@code spec.crossplane}, {@code status}), and the GPU-only AKSCluster upstream
 * composes for an InferenceCluster (no System pool: upstream injects its own default pool). All
 * validate and generate in both targets; the export's values that AKS cannot use are generated
 * safely, and the GPU-only cluster gets upstream's injected default pool.
 */
class UpstreamManifestsTest {
  private static final Path FOLDER = Path.of("src", "test", "resources", "upstream");
  private static final String REFERENCE = "reference-aksclusters.yaml";
  private static final String EXPORTED = "exported-akscluster.yaml";
  private static final String GPU_ONLY = "gpu-only-akscluster.yaml";

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
            "upstream/exported-akscluster.yaml:81:21: error: spec.nodePools[1].minNodeCount: minNodeCount 0 on a GPU pool: the AKS"
                + " cluster autoscaler cannot scale a pool whose GPUs bind through Dynamic Resource Allocation up from zero nodes, so"
                + " the pool would never get a node once it scaled down (write minNodeCount: 1 (or leave it out: it defaults to 1);"
                + " remove the pool when it should cost nothing)",
            "upstream/exported-akscluster.yaml:88:11: warning: spec.nodePools[1].zones[1]: zone \"1\" is listed more than once; it is generated once"),
        formatted(result));
    // Upstream's default 0 on a GPU pool is the one edit an export needs (MP415).
    assertTrue(result.hasErrors());
  }

  @Test
  void theReferenceExampleGeneratesBothTargets() throws IOException {
    GenerationResult result = generate(REFERENCE);
    assertEquals(List.of(), result.diagnostics());
    assertWroteBothTargets(result);
  }

  @Test
  void anExportGeneratesNothingUntilItsGpuPoolKeepsANode() throws IOException {
    GenerationResult result = generate(EXPORTED);
    assertEquals(
        List.of(DiagnosticCode.MP415),
        result.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::code).toList());
    assertFalse(Files.exists(dir.resolve("out/platform/inference-westeurope")));
  }

  @Test
  void aGpuOnlyManifestValidatesWithOneWarningAndGetsTheInjectedDefaultPool() {
    ValidationResult result = validate(GPU_ONLY);
    assertEquals(
        List.of(
            "upstream/gpu-only-akscluster.yaml:14:3: warning: spec.nodePools: no node pool has role System,"
                + " so the cluster gets the default pool upstream Modelplane injects: {name: system, role:"
                + " System, vmSize: Standard_D4s_v5, diskSizeGb: 100, nodeCount: 1, minNodeCount: 1,"
                + " maxNodeCount: 2, fabric: None} (declare a pool with role System to choose the default pool"
                + " yourself; on an existing cluster that replaces the cluster, see docs/upstream-compatibility.md)"),
        formatted(result));
    assertFalse(result.hasErrors());
    AksCluster cluster = result.clusters().get(0);
    NodePool injected = cluster.spec().defaultPool();
    assertTrue(injected.injected());
    assertEquals(
        List.of("gpuh100"), cluster.spec().nodePools().stream().map(NodePool::name).toList());
    assertEquals(List.of(injected), cluster.spec().allPools().subList(0, 1));
    // Upstream's _SYSTEM_POOL_ROTATION_NAME (fn.py line 83) is the one Naming derives for its pool
    // name.
    assertEquals("systemtmp", cluster.names().rotationName(injected.name()));
  }

  @Test
  void aGpuOnlyManifestGeneratesTheInjectedPoolAsTheDefaultPoolInBothTargets() throws IOException {
    GenerationResult result = generate(GPU_ONLY);
    assertTrue(result.diagnostics().stream().noneMatch(Diagnostic::isError));
    Path cluster = dir.resolve("out/platform/aks-westeurope");
    String terraform = Files.readString(cluster.resolve("terraform/main.tf"));
    String bicep = Files.readString(cluster.resolve("bicep/main.bicep"));
    String defaultPool =
        terraform.substring(
            terraform.indexOf("default_node_pool = {"), terraform.indexOf("\n  }\n"));
    for (String line :
        List.of(
            "name                        = \"system\"",
            "vm_size                     = \"Standard_D4s_v5\"",
            "os_disk_size_gb             = 100",
            "node_count                  = 1",
            "min_count                   = 1",
            "max_count                   = 2",
            "zones                       = []",
            "node_labels                 = { \"modelplane.ai/pool\" = \"system\" }",
            "temporary_name_for_rotation = \"systemtmp\"")) {
      assertTrue(defaultPool.contains(line), line + " not in " + defaultPool);
    }
    assertTrue(terraform.contains("not declared in spec.nodePools"), terraform);
    assertTrue(bicep.contains("not declared in spec.nodePools"), bicep);
    // Bicep's first agentPoolProfile is the default pool: the cluster module's systemPool
    // parameters
    // (ARM has no rotation name; AKS picks the temporary pool itself).
    int clusterModule = bicep.indexOf("module modCluster");
    String clusterCall = bicep.substring(clusterModule, bicep.indexOf("\n}\n", clusterModule));
    for (String value :
        List.of("'system'", "'Standard_D4s_v5'", "MinCount: 1", "MaxCount: 2", "100")) {
      assertTrue(clusterCall.contains(value), value + " not in " + clusterCall);
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
