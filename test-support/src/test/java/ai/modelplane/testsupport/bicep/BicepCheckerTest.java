package ai.modelplane.testsupport.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checker on small hand-written files: a correct one passes, and each mistake is reported with
 * its file, the symbol path it is in and the ARM type's own words. (generator-core's
 * BicepCheckerTest edits real output.)
 */
class BicepCheckerTest {
  private static final ArmTypes TYPES = new ArmTypes();

  private static final String GROUP =
      """
      targetScope = 'subscription'

      @description('Where the group lives.')
      param location string

      resource rgMain 'Microsoft.Resources/resourceGroups@2025-04-01' = {
        name: 'rg-main'
        location: location
      }

      @description('The group, for role assignments.')
      output groupId string = rgMain.id
      """;

  /** A module that grants nothing yet: it only finds a route table by name. */
  private static final String ROLE =
      """
      @description('The route table.')
      param routeTableName string

      resource rtExisting 'Microsoft.Network/routeTables@2025-09-01' existing = {
        name: routeTableName
      }
      """;

  private static List<String> check(String text) {
    return BicepChecker.check(TYPES, Map.of("main.bicep", text));
  }

  @Test
  void acceptsAFileThatMatchesItsTypes() {
    assertEquals(List.of(), check(GROUP));
  }

  @Test
  void reportsAnUnknownProperty() {
    assertEquals(
        List.of("main.bicep#rgMain.colour: no such property"),
        check(GROUP.replace("  location: location\n", "  location: location\n  colour: 'red'\n")));
  }

  @Test
  void checksAConditionalModulesConditionAndArguments() {
    String main =
        """
        @description('A route table, or empty.')
        param routeTableId string

        module modRole 'role.bicep' = if (!empty(routeTableIds)) {
          name: 'role'
          scope: resourceGroup(split(routeTableId, '/')[2], split(routeTableId, '/')[4])
          params: {
            routeTableName: last(split(routeTableId, '/'))
          }
        }
        """;
    assertEquals(
        List.of("main.bicep#modRole: unknown symbol routeTableIds"),
        BicepChecker.check(TYPES, Map.of("main.bicep", main, "role.bicep", ROLE)));
    assertEquals(
        List.of(),
        BicepChecker.check(
            TYPES,
            Map.of(
                "main.bicep", main.replace("routeTableIds", "routeTableId"), "role.bicep", ROLE)));
  }

  @Test
  void namesADeploymentByALiteralOrByABoundedParameterOfItsFile() {
    String main =
        """
        @description('Name of the deployment below, one per caller.')
        @maxLength(64)
        param roleDeploymentName string

        module modRole 'role.bicep' = {
          name: roleDeploymentName
          params: {
            routeTableName: 'rt-hub'
          }
        }
        """;
    assertEquals(
        List.of(), BicepChecker.check(TYPES, Map.of("main.bicep", main, "role.bicep", ROLE)));
    assertEquals(
        List.of(
            "main.bicep#modRole: module modRole: name parameter roleDeploymentName must be a string"
                + " that is not nullable, with @maxLength"),
        BicepChecker.check(
            TYPES, Map.of("main.bicep", main.replace("@maxLength(64)\n", ""), "role.bicep", ROLE)));
    assertEquals(
        List.of(
            "main.bicep#modRole: module modRole: name must be a literal deployment name or a"
                + " parameter of the file"),
        BicepChecker.check(
            TYPES,
            Map.of(
                "main.bicep",
                main.replace("name: roleDeploymentName", "name: 'role-${roleDeploymentName}'"),
                "role.bicep",
                ROLE)));
  }

  @Test
  void reportsAnUnknownApiVersion() {
    assertEquals(
        List.of(
            "main.bicep#rgMain: Microsoft.Resources/resourceGroups@2019-01-01: unknown"
                + " api-version"),
        check(GROUP.replace("@2025-04-01", "@2019-01-01")));
  }

  @Test
  void reportsAParamWithoutDescriptionAndAnUnknownSymbol() {
    assertEquals(
        List.of(
            "main.bicep#location: param location has no @description",
            "main.bicep#outputs.groupId: unknown symbol rgOther"),
        check(
            GROUP
                .replace("@description('Where the group lives.')\n", "")
                .replace("rgMain.id", "rgOther.id")));
  }

  @Test
  void reportsSyntaxErrorsAsProblemsInsteadOfThrowing() {
    assertEquals(
        List.of("main.bicep#rgMain.name: trailing space"),
        check(GROUP.replace("'rg-main'", "'rg-main' ")));
  }

  @Test
  void keysProblemsBySymbolSoThatMovedLinesDoNotChangeThem() {
    String moved =
        GROUP.replace(
            "targetScope = 'subscription'\n", "targetScope = 'subscription'\n// a\n// b\n");
    String edit = "  location: location\n  colour: 'red'\n";
    assertEquals(
        check(GROUP.replace("  location: location\n", edit)),
        check(moved.replace("  location: location\n", edit)));
  }

  @Test
  void locatedAddsTheLineForAReader() {
    assertEquals(
        "main.bicep:9: main.bicep#rgMain.colour: no such property\n",
        BicepChecker.located(
            TYPES,
            Map.of(
                "main.bicep",
                GROUP.replace(
                    "  location: location\n", "  location: location\n  colour: 'red'\n"))));
  }

  private static final String POOL =
      """
      @description('Name of the cluster.')
      param clusterName string

      @description('Name of the pool.')
      param poolName string

      @description('Upgrade setting, none when null.')
      param maxUnavailable string?

      resource aksMain 'Microsoft.ContainerService/managedClusters@2026-05-01' existing = {
        name: clusterName
      }

      resource pool 'Microsoft.ContainerService/managedClusters/agentPools@2026-05-01' = {
        parent: aksMain
        name: poolName
        properties: {
          upgradeSettings: {
            maxUnavailable: maxUnavailable
          }
        }
      }
      """;

  private static final String CALLER =
      """
      @description('Name of the cluster.')
      param clusterName string

      module modPool 'pool.bicep' = {
        name: 'pool-gpu'
        params: {
          clusterName: clusterName
          poolName: 'gpu'
        }
      }
      """;

  @Test
  void acceptsANullableParamLeftOutAndFedToAnOptionalProperty() {
    assertEquals(
        List.of(), BicepChecker.check(TYPES, Map.of("pool.bicep", POOL, "main.bicep", CALLER)));
  }

  @Test
  void stillChecksANullableParamAgainstTheArmType() {
    assertEquals(
        List.of(
            "pool.bicep#pool.properties.upgradeSettings.maxUnavailable: param maxUnavailable is"
                + " int, string expected"),
        BicepChecker.check(
            TYPES,
            Map.of(
                "pool.bicep",
                POOL.replace("param maxUnavailable string?", "param maxUnavailable int?"),
                "main.bicep",
                CALLER)));
  }

  @Test
  void refusesANullableParamForARequiredPropertyAndNullForAPlainParam() {
    assertEquals(
        List.of(
            "main.bicep#modPool.params.clusterName: module modPool param clusterName: null given,"
                + " string expected (not nullable)",
            "pool.bicep#pool.name: required, but param poolName is nullable"),
        BicepChecker.check(
            TYPES,
            Map.of(
                "pool.bicep",
                POOL.replace("param poolName string", "param poolName string?"),
                "main.bicep",
                CALLER.replace("clusterName: clusterName", "clusterName: null"))));
  }
}
