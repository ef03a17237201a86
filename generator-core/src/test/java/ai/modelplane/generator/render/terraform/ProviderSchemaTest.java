package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.plan.TerraformRenderer;
import ai.modelplane.generator.render.GeneratedFile;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every generated .tf file of every example against the offline provider-schema extract. */
class ProviderSchemaTest {
  private final ProviderSchemaChecker checker = new ProviderSchemaChecker();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "inference-westeurope",
        "minimal",
        "multi-pool",
        "fleet",
        "every-pool-kind",
        "private-cluster"
      })
  void everyExampleConformsToTheProviderSchemas(String example) {
    assertEquals(List.of(), checker.check(render(example)));
  }

  /** An older azurerm (4.55.0, below today's 4.68 floor) has every argument too: none is newer. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "inference-westeurope",
        "minimal",
        "multi-pool",
        "fleet",
        "every-pool-kind",
        "private-cluster"
      })
  void everyExampleConformsToAnOlderAzurermInTheRange(String example) {
    assertEquals(
        List.of(),
        new ProviderSchemaChecker("provider-schemas-azurerm-4.55.json").check(render(example)));
  }

  private static Map<String, String> render(String example) {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : new TerraformRenderer().render(Examples.load(example))) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }

  @Test
  void reportsUnknownArgumentsBlocksAndMissingRequiredOnes() {
    String tf =
        """
        resource "azurerm_kubernetes_cluster" "this" {
          name                = "x"
          location            = "y"
          enable_auto_scaling = true

          network_profile {
            network_plugin = "azure"
            pod_range      = "z"
          }
        }
        """;
    assertEquals(
        List.of(
            "m/main.tf:1: azurerm_kubernetes_cluster: unknown argument enable_auto_scaling",
            "m/main.tf:1: azurerm_kubernetes_cluster.network_profile: unknown argument pod_range",
            "m/main.tf:1: azurerm_kubernetes_cluster: missing required argument resource_group_name",
            "m/main.tf:1: azurerm_kubernetes_cluster: missing required block default_node_pool"),
        checker.check(Map.of("m/main.tf", tf)));
  }

  @Test
  void tellsHelmTwoBlockSyntaxFromHelmThreeAttributes() {
    String tf =
        """
        provider "helm" {
          kubernetes {
            host = "h"
          }
        }
        """;
    assertEquals(
        List.of(
            "r/providers.tf:1: provider helm: unknown block kubernetes (it is an attribute: write kubernetes = { ... })"),
        checker.check(Map.of("r/providers.tf", tf)));
  }

  @Test
  void checksModuleArgumentsAgainstVariablesAndOutputs() {
    Map<String, String> files =
        Map.of(
            "modules/m/variables.tf",
                "variable \"a\" {\n  type = string\n}\n\nvariable \"b\" {\n  type    = string\n  default = \"x\"\n}\n",
            "modules/m/outputs.tf", "output \"o\" {\n  value = var.a\n}\n",
            "r/main.tf",
                "module \"m\" {\n  source = \"../modules/m\"\n\n  c = 1\n}\n\noutput \"p\" {\n  value = module.m.q\n}\n");
    assertEquals(
        List.of(
            "r/main.tf:1: module m has no variable c",
            "r/main.tf:1: module m needs variable a",
            "r/main.tf: module m has no output q"),
        checker.check(files));
  }
}
