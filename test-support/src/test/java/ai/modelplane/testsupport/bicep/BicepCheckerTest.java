package ai.modelplane.testsupport.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The checker on small hand-written files: a correct one passes, and each mistake is reported with
 * its file, line and the ARM type's own words. (generator-core's BicepCheckerTest edits real
 * output.)
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
        List.of("main.bicep:9: Microsoft.Resources/resourceGroups.colour: no such property"),
        check(GROUP.replace("  location: location\n", "  location: location\n  colour: 'red'\n")));
  }

  @Test
  void reportsAnUnknownApiVersion() {
    assertEquals(
        List.of("main.bicep:6: Microsoft.Resources/resourceGroups@2019-01-01: unknown api-version"),
        check(GROUP.replace("@2025-04-01", "@2019-01-01")));
  }

  @Test
  void reportsAParamWithoutDescriptionAndAnUnknownSymbol() {
    assertEquals(
        List.of(
            "main.bicep:11: unknown symbol rgOther",
            "main.bicep:3: param location has no @description"),
        check(
            GROUP
                .replace("@description('Where the group lives.')\n", "")
                .replace("rgMain.id", "rgOther.id")));
  }

  @Test
  void reportsSyntaxErrorsAsProblemsInsteadOfThrowing() {
    assertEquals(
        List.of("main.bicep:7: trailing space"), check(GROUP.replace("'rg-main'", "'rg-main' ")));
  }
}
