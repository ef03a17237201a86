package ai.modelplane.generator.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.bicep.BicepFactsExtractor;
import ai.modelplane.generator.render.terraform.TerraformFactsExtractor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One AKSCluster, the same Azure result through either tool: for every example and test spec, the
 * facts read back from the Terraform output, the facts read back from the Bicep output and the
 * facts computed independently from the YAML are equal.
 */
class ParityTest {
  private static final Path REPOSITORY = Fixtures.REPOSITORY;

  /** Every {@code examples/*.yaml} plus the test specs, as repository-relative paths. */
  static List<String> specs() {
    List<String> specs = new ArrayList<>();
    try (Stream<Path> files = Files.list(REPOSITORY.resolve("examples"))) {
      // The private cluster's in-cluster objects are read from the run command in both targets.
      files
          .map(p -> "examples/" + p.getFileName())
          .filter(n -> n.endsWith(".yaml"))
          .sorted()
          .forEach(specs::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    specs.add("generator-core/src/test/resources/terraform/every-pool-kind.yaml");
    specs.add("generator-core/src/test/resources/terraform/device-plugin-mig.yaml");
    specs.add("generator-core/src/test/resources/terraform/entra-id-private.yaml");
    return specs;
  }

  static final String PRIVATE_CLUSTER = "examples/private-cluster.yaml";

  @ParameterizedTest
  @MethodSource("specs")
  void terraformAndBicepCreateWhatTheYamlDescribes(String spec) {
    List<AzureFacts> yaml = YamlFacts.of(REPOSITORY.resolve(spec));
    assertEquals(yaml, facts(spec, TemplateRenderer.terraform(), "terraform"), "Terraform");
    assertEquals(yaml, facts(spec, TemplateRenderer.bicep(), "bicep"), "Bicep");
  }

  @Test
  void theSpecsCoverEveryKindOfFact() {
    List<AzureFacts> all = new ArrayList<>();
    specs().forEach(spec -> all.addAll(facts(spec, TemplateRenderer.terraform(), "terraform")));
    assertEquals(12, all.size());
    assertTrue(specs().contains(PRIVATE_CLUSTER), "a private cluster");
    assertTrue(all.stream().anyMatch(f -> !f.cluster().localAccounts()), "an Entra ID cluster");
    assertTrue(
        all.stream().anyMatch(f -> f.networkOperator().isPresent()), "an InfiniBand cluster");
    assertTrue(
        all.stream().anyMatch(f -> f.networkOperator().isEmpty()), "a cluster without InfiniBand");
    assertTrue(
        all.stream().flatMap(f -> f.pools().stream()).anyMatch(p -> !p.zones().isEmpty()),
        "a zonal pool");
    assertTrue(
        all.stream().flatMap(f -> f.pools().stream()).anyMatch(p -> !p.osSku().isEmpty()),
        "a pool that sets its OS SKU");
    assertTrue(
        all.stream().flatMap(f -> f.pools().stream()).anyMatch(p -> p.priority().equals("Spot")),
        "a Spot pool");
    assertTrue(
        all.stream().flatMap(f -> f.pools().stream()).anyMatch(p -> !p.gpuInstance().isEmpty()),
        "a MIG pool");
    assertTrue(
        all.stream()
            .flatMap(f -> f.gpuStack().stream())
            .anyMatch(r -> "mixed".equals(r.values().get("migStrategy"))),
        "a device plugin that advertises MIG instances");
    assertEquals(
        2,
        all.stream()
            .filter(f -> f.cluster().name().equals("every-pool-kind"))
            .flatMap(f -> f.pools().stream())
            .filter(p -> p.mode().equals("System"))
            .count(),
        "a further System pool");
  }

  /**
   * The reference example, spelled out, so that a wrong extractor cannot agree with a wrong
   * YamlFacts.
   */
  @Test
  void theReferenceExampleGivesTheseFactsOnBothTargets() {
    for (String target : List.of("terraform", "bicep")) {
      AzureFacts facts =
          facts(
                  "examples/inference-westeurope.yaml",
                  target.equals("bicep") ? TemplateRenderer.bicep() : TemplateRenderer.terraform(),
                  target)
              .get(0);
      assertEquals(
          new AzureFacts.Pool(
              "gpuh100",
              "Standard_ND96isr_H100_v5",
              "User",
              "1.35",
              200,
              "Managed",
              250,
              1,
              1,
              8,
              true,
              "0",
              "1",
              List.of(),
              new TreeMap<>(
                  Map.of(
                      "modelplane.ai/fabric", "infiniband",
                      "modelplane.ai/gpu", "nvidia-h100",
                      "modelplane.ai/pool", "gpuh100")),
              List.of("nvidia.com/gpu=true:NoSchedule"),
              "Install",
              "",
              "Regular",
              "",
              "",
              ""),
          facts.pools().get(0),
          target);
      assertEquals(
          new AzureFacts.NetworkProfile(
              "azure",
              "overlay",
              "cilium",
              "cilium",
              "10.244.0.0/16",
              "10.96.0.0/16",
              "10.96.0.10",
              "standard",
              "loadBalancer"),
          facts.cluster().network(),
          target);
      assertEquals("patch", facts.cluster().upgradeChannel(), target);
      assertEquals("rg-platform_inference-westeurope", facts.resourceGroup(), target);
      assertEquals(
          "rg-platform_inference-westeurope-nodes", facts.cluster().nodeResourceGroup(), target);
      assertEquals(true, facts.infinibandFeatureChecked(), target);
      assertEquals(
          "network-operator-v26.4.0",
          ((Map<?, ?>)
                  ((Map<?, ?>) facts.networkOperator().orElseThrow().nicClusterPolicy().get("spec"))
                      .get("rdmaSharedDevicePlugin"))
              .get("version"),
          target);
    }
  }

  static List<AzureFacts> facts(String spec, TargetRenderer renderer, String target) {
    List<AksCluster> clusters = load(spec);
    Map<String, String> tree = new TreeMap<>();
    for (GeneratedFile file : renderer.render(clusters)) {
      tree.put(file.relativePath(), file.content());
    }
    List<AzureFacts> facts = new ArrayList<>();
    for (AksCluster cluster : clusters) {
      String root = cluster.namespace() + "/" + cluster.name() + "/" + target + "/";
      facts.add(
          target.equals("bicep")
              ? BicepFactsExtractor.extract(tree, root)
              : TerraformFactsExtractor.extract(tree, root));
    }
    return facts;
  }

  private static List<AksCluster> load(String spec) {
    return Fixtures.clusters(REPOSITORY.resolve(spec), spec);
  }
}
