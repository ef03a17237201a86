package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.NodePool;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rules evaluated and the defaults applied are the CRD file's, not Java constants. */
class CrdSourceOfTruthTest {
  private static final Clock CLOCK = Fixtures.CLOCK;
  private static final String MINIMAL = Fixtures.cluster("minimal", "eastus2");

  @TempDir Path folder;

  private static String bundledCrdText() throws IOException {
    try (InputStream in =
        CrdSchema.class.getClassLoader().getResourceAsStream(CrdSchema.RESOURCE)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static CrdSchema crd(String text) throws IOException {
    return CrdSchema.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  private List<String> validate(CrdSchema crd, String yaml) throws IOException {
    Path file = folder.resolve("c.yaml");
    Files.writeString(file, yaml);
    return new Validator(crd, CLOCK)
        .validate(List.of(InputSource.file(file, "c.yaml"))).diagnostics().stream()
            .map(Diagnostic::format)
            .toList();
  }

  @Test
  void aChangedRuleInACrdCopyChangesTheOutcome() throws IOException {
    String yaml =
        MINIMAL.replace(
            "      vmSize: Standard_D4s_v5\n",
            "      vmSize: Standard_D4s_v5\n      minNodeCount: 3\n      nodeCount: 3\n");
    assertEquals(List.of(), validate(CrdSchema.bundled(), yaml));

    String original = bundledCrdText();
    String stricter =
        original.replace(
            "rule: \"self.nodeCount >= (has(self.minNodeCount) ? self.minNodeCount : 1)\"",
            "rule: \"self.nodeCount >= (has(self.minNodeCount) ? self.minNodeCount : 1) && self.nodeCount <= 2\"");
    assertEquals(false, stricter.equals(original), "the rule text was not found in the CRD");
    assertEquals(
        List.of(
            "c.yaml:12:18: error: spec.nodePools[0].nodeCount: nodeCount must be at least minNodeCount (1 when minNodeCount is omitted)"),
        validate(crd(stricter), yaml));

    String reworded =
        original.replace(
            "message: nodeCount must not exceed maxNodeCount",
            "message: too many nodes for this test");
    assertEquals(
        List.of("c.yaml:11:18: error: spec.nodePools[0].nodeCount: too many nodes for this test"),
        validate(
            crd(reworded),
            MINIMAL.replace(
                "      vmSize: Standard_D4s_v5\n",
                "      vmSize: Standard_D4s_v5\n      nodeCount: 9\n")));
  }

  @Test
  void everyRuleOfTheCrdIsCompiled() throws IOException {
    CelRules rules = CelRules.compile(CrdSchema.bundled().openApiSchema());
    long inCrd =
        bundledCrdText().lines().filter(line -> line.strip().startsWith("- rule:")).count();
    assertEquals(29, inCrd);
    assertEquals(inCrd, rules.rules().size());
    assertEquals(
        List.of(
            "/spec",
            "/spec/endpointAccess",
            "/spec/networking",
            "/spec/apiServer/authorizedIpRanges/*",
            "/spec/nodePools/*",
            "/spec/authentication"),
        rules.rules().stream().map(CelRules.Rule::schemaPath).distinct().toList());
  }

  @Test
  void defaultsComeFromTheCrd() throws IOException {
    Path file = folder.resolve("m.yaml");
    Files.writeString(file, MINIMAL);
    AksCluster bundled =
        new Validator(CrdSchema.bundled(), CLOCK)
            .validate(List.of(InputSource.file(file, "m.yaml")))
            .clusters()
            .get(0);
    NodePool pool = bundled.spec().nodePools().get(0);
    assertEquals("1.35", bundled.spec().kubernetesVersion());
    assertEquals("10.0.0.0/16", bundled.spec().networking().vnetCidr());
    assertEquals("10.0.0.0/20", bundled.spec().networking().subnetCidr());
    assertEquals(
        List.of("100", 1, 8),
        List.of(
            pool.settings().get("diskSizeGb").orElseThrow(),
            pool.nodeCount(),
            pool.maxNodeCount()));
    assertEquals(Fabric.NONE, pool.fabric());
    assertEquals("default", bundled.namespace());

    String changed =
        bundledCrdText()
            .replace("default: \"1.35\"", "default: \"1.36\"")
            .replace("default: 10.0.0.0/16", "default: 10.8.0.0/16")
            .replace("default: 10.0.0.0/20", "default: 10.8.0.0/20")
            .replace("default: 100\n", "default: 256\n")
            .replace("default: 8\n", "default: 5\n");
    AksCluster fromCopy =
        new Validator(crd(changed), CLOCK)
            .validate(List.of(InputSource.file(file, "m.yaml")))
            .clusters()
            .get(0);
    NodePool copyPool = fromCopy.spec().nodePools().get(0);
    assertEquals("1.36", fromCopy.spec().kubernetesVersion());
    assertEquals("10.8.0.0/16", fromCopy.spec().networking().vnetCidr());
    assertEquals("10.8.0.0/20", fromCopy.spec().networking().subnetCidr());
    assertEquals(
        List.of("256", 1, 5),
        List.of(
            copyPool.settings().get("diskSizeGb").orElseThrow(),
            copyPool.nodeCount(),
            copyPool.maxNodeCount()));
  }

  @Test
  void defaultedKubernetesVersionIsCheckedAgainstTheCalendar() throws IOException {
    // The default 1.35 ends on 2027-03-31: from then on a YAML without kubernetesVersion is a new
    // cluster AKS would not create.
    Clock april = Clock.fixed(Instant.parse("2027-04-15T00:00:00Z"), ZoneOffset.UTC);
    Path file = folder.resolve("m.yaml");
    Files.writeString(file, MINIMAL);
    List<String> diagnostics =
        new Validator(CrdSchema.bundled(), april)
            .validate(List.of(InputSource.file(file, "m.yaml"))).diagnostics().stream()
                .map(Diagnostic::format)
                .toList();
    assertEquals(
        List.of(
            "m.yaml:5:1: error: spec.kubernetesVersion: Kubernetes 1.35 reached AKS end of life on 2027-03-31 (as of 2027-04-15):"
                + " AKS creates no new cluster at 1.35, so this cluster's first apply would fail (write kubernetesVersion: \"1.36\""
                + " (supported until 2027-06-30) for a new cluster; for a cluster that already runs 1.35, upgrade it one minor at a"
                + " time (diff and drift judge it as existing, and so does generate --adopt or a cluster that import wrote name"
                + " annotations for))"),
        diagnostics);
  }
}
