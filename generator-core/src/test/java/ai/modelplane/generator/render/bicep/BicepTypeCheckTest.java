package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.platform.ArmApiVersions;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.testsupport.bicep.ArmTypes;
import ai.modelplane.testsupport.bicep.BicepChecker;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example's Bicep output against Bicep's own ARM type definitions (offline, see
 * arm-types/README.md).
 */
class BicepTypeCheckTest {
  private static final ArmTypes TYPES = new ArmTypes();

  static List<String> examples() {
    return Fixtures.exampleFiles();
  }

  static Map<String, String> render(String example) {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : TemplateRenderer.bicep().render(Fixtures.example(example))) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }

  /**
   * Each Azure maximum the property table records is the ARM type's own maxValue of the agent pool
   * property, at the API version the output uses.
   */
  @Test
  void theTablesAzureMaximaAreTheArmTypesOwn() {
    ArmTypes.TypeRef pool =
        TYPES
            .body(
                "Microsoft.ContainerService/managedClusters/agentPools",
                ArmApiVersions.MANAGED_CLUSTERS)
            .orElseThrow();
    ArmTypes.TypeRef properties =
        pool.sibling(pool.object().at("/props/properties/t/obj").asText());
    List<String> checked = new ArrayList<>();
    for (Property property : PropertyTable.bundled().settings()) {
      property
          .setting()
          .flatMap(Setting::azureMaximum)
          .ifPresent(
              maximum -> {
                JsonNode type = properties.object().path("props").path(property.bicep()).path("t");
                assertEquals(
                    maximum.value(),
                    type.at("/int/maxValue").asInt(-1),
                    property.field() + ": " + type);
                checked.add(property.name());
              });
    }
    assertFalse(checked.isEmpty(), "the table records no Azure maximum: nothing was compared");
  }

  @ParameterizedTest
  @MethodSource("examples")
  void everyGeneratedFilePassesTheTypeCheck(String example) {
    Map<String, String> files = render(example);
    assertEquals(
        List.of(), BicepChecker.check(TYPES, files), () -> BicepChecker.located(TYPES, files));
  }

  /**
   * The drift checker's Java SDK (azure-resourcemanager 2.57.0) reads AKS with 2025-09-01 and the
   * network with 2025-03-01; every property the Bicep sets must exist there too.
   */
  @ParameterizedTest
  @MethodSource("examples")
  void everyPropertyAlsoExistsInTheApiVersionsTheDriftCheckerReads(String example) {
    Map<String, String> files = new TreeMap<>();
    render(example)
        .forEach(
            (path, text) ->
                files.put(
                    path,
                    text.replace("managedClusters@2026-05-01", "managedClusters@2025-09-01")
                        .replace("agentPools@2026-05-01", "agentPools@2025-09-01")
                        .replace("virtualNetworks@2025-09-01", "virtualNetworks@2025-03-01")
                        .replace("subnets@2025-09-01", "subnets@2025-03-01")));
    assertEquals(
        List.of(), BicepChecker.check(TYPES, files), () -> BicepChecker.located(TYPES, files));
    String cluster =
        files.containsKey("modules/bicep/cluster.bicep")
            ? "modules/bicep/cluster.bicep"
            : "modules/bicep/privateCluster.bicep";
    assertEquals(true, files.get(cluster).contains("managedClusters@2025-09-01"));
  }
}
