package ai.modelplane.testsupport.hcl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checker reports each kind of mismatch against the extract, one line per problem. */
class ProviderSchemaCheckerTest {
  private final ProviderSchemaChecker checker = new ProviderSchemaChecker();

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
            "m/main.tf:1: azurerm_kubernetes_cluster: missing required block default_node_pool",
            // required from azurerm 5.0 (kubernetes_cluster_resource.go l.1725-1727 at v5.2.0)
            "m/main.tf:1: azurerm_kubernetes_cluster: missing required block node_provisioning_profile"),
        checker.check(Map.of("m/main.tf", tf)));
  }

  @Test
  void checksADynamicBlockAsTheBlockItNames() {
    String tf =
        """
        resource "azurerm_kubernetes_cluster" "this" {
          name                = "x"
          location            = "y"
          resource_group_name = "z"

          dynamic "api_server_access_profile" {
            for_each = range(min(length(var.r), 1))
            content {
              authorized_ip_ranges = var.r
              allowed_ranges       = var.r
            }
          }
          dynamic "api_server_profile" {
            content {
            }
          }
          dynamic "default_node_pool" {
            for_each = var.pools
            content {
              name    = "p"
              vm_size = "v"
            }
          }
          node_provisioning_profile {
          }
        }
        """;
    assertEquals(
        List.of(
            "m/main.tf:1: azurerm_kubernetes_cluster.dynamic.api_server_access_profile: unknown argument allowed_ranges",
            "m/main.tf:1: azurerm_kubernetes_cluster: dynamic block of unknown block [api_server_profile]"),
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

  @Test
  void acceptsAConformingResource() {
    String tf =
        """
        resource "azurerm_resource_group" "this" {
          name     = "rg"
          location = "westeurope"
        }
        """;
    assertEquals(List.of(), checker.check(Map.of("m/main.tf", tf)));
  }

  @Test
  void reportsUnknownResourceTypesAndProviders() {
    String tf =
        """
        provider "nosuch" {
        }

        resource "azurerm_no_such_thing" "x" {
        }
        """;
    assertEquals(
        List.of(
            "m/main.tf:1: unknown provider nosuch",
            "m/main.tf:4: unknown resource type azurerm_no_such_thing"),
        checker.check(Map.of("m/main.tf", tf)));
  }

  @Test
  void checksRemovedBlocksOfResourcesAndModuleCalls() {
    String tf =
        """
        resource "azurerm_resource_group" "kept" {
          name     = "rg"
          location = "westeurope"
        }

        removed {
          from = azurerm_resource_group.gone

          lifecycle {
            destroy = false
          }
        }

        removed {
          from = azurerm_resource_group.kept

          lifecycle {
            destroy = false
          }
        }

        removed {
          from = azurerm_resource_group.destroyed
        }

        removed {
          from = data.azurerm_client_config.x
        }
        """;
    assertEquals(
        List.of(
            "m/main.tf:14: removed: resource azurerm_resource_group.kept is still declared",
            "m/main.tf:22: removed: azurerm_resource_group.destroyed has no lifecycle { destroy = false }, so Terraform would destroy its objects",
            "m/main.tf:26: removed: from must name a module call or a managed resource"),
        checker.check(Map.of("m/main.tf", tf)));
  }
}
