package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.parity.AzureFacts;
import ai.modelplane.generator.parity.YamlFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Azure facts read back from the Bicep output equal the facts computed independently from the
 * YAML. The Terraform side gets the same test with its own extractor; together they prove parity.
 */
class BicepParityTest {
  static List<String> examples() {
    return Examples.names();
  }

  static List<AzureFacts> fromBicep(String example) {
    Map<String, String> tree = BicepTypeCheckTest.render(example);
    List<AzureFacts> facts = new ArrayList<>();
    for (AksCluster cluster : Examples.load(example)) {
      facts.add(BicepFactsExtractor.extract(tree, cluster.namespace() + "/" + cluster.name() + "/bicep/"));
    }
    return facts;
  }

  @ParameterizedTest
  @MethodSource("examples")
  void bicepCreatesWhatTheYamlDescribes(String example) {
    assertEquals(YamlFacts.of(Examples.REPOSITORY.resolve("examples").resolve(example)), fromBicep(example));
  }

  @Test
  void theReferenceExampleHasTheExpectedGpuPool() {
    AzureFacts facts = fromBicep("inference-westeurope.yaml").get(0);
    assertEquals(
        new AzureFacts.Pool(
            "gpuh100",
            "Standard_ND96isr_H100_v5",
            "User",
            200,
            1,
            1,
            8,
            true,
            List.of(),
            new java.util.TreeMap<>(
                Map.of(
                    "modelplane.ai/fabric", "infiniband",
                    "modelplane.ai/gpu", "nvidia-h100",
                    "modelplane.ai/pool", "gpuh100")),
            List.of("nvidia.com/gpu=true:NoSchedule"),
            "Install"),
        facts.pools().get(0));
    assertEquals("rg-platform_inference-westeurope", facts.resourceGroup());
    assertEquals(true, facts.infinibandFeatureChecked());
  }
}
