package ai.modelplane.generator.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two bounds the Bicep parameters restate that the CRD cannot state rest on its rules. */
class CrdBoundsTest {
  private final JsonNode spec =
      CrdSchema.bundled().openApiSchema().at("/properties/spec/properties");
  private final JsonNode pool = spec.at("/nodePools/items/properties");

  /**
   * CIDR_MIN rests on the CRD's rules: only IPv4 CIDR text passes, and none is shorter than
   * 0.0.0.0/0.
   */
  @Test
  void onlyIpv4CidrsPassSoTheShortestIsTheMinimum() {
    String rules = spec.at("/networking/x-kubernetes-validations").toString();
    for (String field : new String[] {"vnetCidr", "subnetCidr"}) {
      assertTrue(
          rules.contains(
              "isCIDR(self." + field + ") && cidr(self." + field + ").ip().family() == 4"),
          field + ": " + rules);
    }
    assertEquals("0.0.0.0/0".length(), CrdBounds.CIDR_MIN);
  }

  /**
   * NODE_COUNT_MIN rests on the loader, not on an OpenAPI bound (that one is 0, as upstream's): a 0
   * that upstream accepts on either role is generated as 1, for the lower bound and the counts.
   */
  @Test
  void everyRoleKeepsAtLeastTheMinimumNodeCount(@TempDir Path folder) throws IOException {
    assertEquals(1, CrdBounds.NODE_COUNT_MIN);
    Set<String> roles = new TreeSet<>();
    pool.at("/role/enum").forEach(role -> roles.add(role.asText()));
    assertEquals(Set.of("GPU", "System"), roles);
    Path file = folder.resolve("zero.yaml");
    Files.writeString(
        file,
        """
        apiVersion: infrastructure.modelplane.ai/v1alpha1
        kind: AKSCluster
        metadata:
          name: zero
        spec:
          location: westeurope
          nodePools:
            - {name: system, role: System, vmSize: Standard_D4s_v5, nodeCount: 0, minNodeCount: 0, maxNodeCount: 0}
            - {name: gpu, role: GPU, vmSize: Standard_NC24ads_A100_v4, gpu: {acceleratorType: nvidia-a100}}
        """);
    ValidationResult result =
        new Validator(CrdSchema.bundled()).validate(List.of(InputSource.file(file, "zero.yaml")));
    assertEquals(false, result.hasErrors(), result.diagnostics().toString());
    for (NodePool nodePool : result.clusters().get(0).spec().nodePools()) {
      assertEquals(
          List.of(1, 1), List.of(nodePool.autoscalerMin(), nodePool.nodeCount()), nodePool.name());
    }
    assertEquals(1, result.clusters().get(0).spec().nodePools().get(0).maxNodeCount());

    // A GPU pool never gets a zero rewritten: an explicit minNodeCount 0 is an error (MP415).
    Files.writeString(
        file,
        Files.readString(file)
            .replace(
                "gpu: {acceleratorType: nvidia-a100}}",
                "minNodeCount: 0, gpu: {acceleratorType: nvidia-a100}}"));
    ValidationResult gpuZero =
        new Validator(CrdSchema.bundled()).validate(List.of(InputSource.file(file, "zero.yaml")));
    assertEquals(
        List.of("MP415"),
        gpuZero.diagnostics().stream()
            .filter(d -> d.severity() == ai.modelplane.generator.diagnostic.Severity.ERROR)
            .map(d -> d.code().toString())
            .toList());
  }
}
