package ai.modelplane.generator.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The bundled table reads as declared, and a malformed entry is refused by its field. */
class PropertyTableTest {
  private static final String DISK =
      """
      pool:
        - field: spec.nodePools[].diskSizeGb
          terraform: os_disk_size_gb
          bicep: osDiskSizeGB
          arm: properties.osDiskSizeGB
          facts: [diskSizeGb]
          drift: exact
          import: value
      """;

  @Test
  void theBundledTableDeclaresEachColumnOfAField() {
    Property disk = PropertyTable.bundled().byField("spec.nodePools[].diskSizeGb").orElseThrow();
    assertEquals(
        new Property(
            "spec.nodePools[].diskSizeGb",
            Scope.POOL,
            "os_disk_size_gb",
            "osDiskSizeGB",
            "properties.osDiskSizeGB",
            List.of("diskSizeGb"),
            DriftRule.EXACT,
            ImportRule.VALUE,
            "",
            Optional.of(
                new Setting(
                    "integer",
                    true,
                    "",
                    "",
                    null,
                    Optional.of(
                        new Setting.AzureLimit(
                            2048,
                            disk.setting().orElseThrow().azureMaximum().orElseThrow().source())))),
            Optional.of(com.fasterxml.jackson.databind.node.IntNode.valueOf(100))),
        disk);
    Property version = PropertyTable.bundled().byField("spec.kubernetesVersion").orElseThrow();
    assertEquals(Scope.CLUSTER, version.scope());
    assertEquals(List.of("kubernetesVersion"), version.factProperties());
    assertEquals(DriftRule.VERSION_PREFIX, version.drift());
  }

  @Test
  void eachListHoldsOnlyItsScope() {
    PropertyTable table = PropertyTable.bundled();
    assertTrue(table.pool().stream().allMatch(p -> p.scope() == Scope.POOL));
    assertTrue(table.cluster().stream().allMatch(p -> p.scope() == Scope.CLUSTER));
    assertEquals(table.cluster().size() + table.pool().size(), table.all().size());
    assertTrue(table.byField("spec.nodePools[].nope").isEmpty());
  }

  @Test
  void aParsedTableIsTheBundledFormat() throws IOException {
    PropertyTable table = parse("cluster: []\n" + DISK);
    assertEquals(List.of(), table.cluster());
    assertEquals("os_disk_size_gb", table.pool().get(0).terraform());
  }

  @Test
  void anUnknownDriftRuleNamesTheField() {
    assertRefused(
        "cluster: []\n" + DISK.replace("drift: exact", "drift: close-enough"),
        "pool entry spec.nodePools[].diskSizeGb: unknown drift rule close-enough (one of exact,"
            + " exact-when-set, ignore-case, region, version-prefix, set, map-entries, autoscaler-bound, identity,"
            + " named-check, not-compared)");
  }

  @Test
  void aMissingImportRuleNamesTheField() {
    assertRefused(
        "cluster: []\n" + DISK.replace("    import: value\n", ""),
        "pool entry spec.nodePools[].diskSizeGb lacks import");
  }

  @Test
  void aMissingFactListNamesTheField() {
    assertRefused(
        "cluster: []\n" + DISK.replace("    facts: [diskSizeGb]\n", ""),
        "pool entry spec.nodePools[].diskSizeGb lacks facts (a list, maybe [])");
  }

  @Test
  void aFieldWithoutTargetNameOrFactNeedsANote() {
    assertRefused(
        "cluster: []\n" + DISK.replace("bicep: osDiskSizeGB", "bicep: none"),
        "pool entry spec.nodePools[].diskSizeGb: a note says why it has no target name or no"
            + " change fact");
    assertRefused(
        "cluster: []\n" + DISK.replace("facts: [diskSizeGb]", "facts: []"),
        "pool entry spec.nodePools[].diskSizeGb: a note says why it has no target name or no"
            + " change fact");
  }

  @Test
  void aSettingIsADirectPoolFieldOfAKnownType() throws IOException {
    String setting =
        "    setting:\n"
            + "      type: integer\n"
            + "      description: Disk size.\n"
            + "      default-pool-description: Default pool disk size.\n";
    PropertyTable table = diskWith(setting);
    assertEquals(
        Optional.of(
            new Setting(
                "integer", false, "Disk size.", "Default pool disk size.", null, Optional.empty())),
        table.byField("spec.nodePools[].diskSizeGb").orElseThrow().setting());
    assertEquals(List.of("diskSizeGb"), table.settings().stream().map(Property::name).toList());
    assertRefused(
        "cluster: []\n" + DISK + setting.replace("integer", "decimal"),
        "pool entry spec.nodePools[].diskSizeGb: unknown setting type decimal (one of string,"
            + " integer)");
    assertRefused(
        "cluster: []\n"
            + DISK.replace("spec.nodePools[].diskSizeGb", "spec.nodePools[].gpu.diskSizeGb")
            + setting,
        "pool entry spec.nodePools[].gpu.diskSizeGb: only a field directly under"
            + " spec.nodePools[]. is a setting");
    assertTrue(
        PropertyTable.bundled().settings().stream().anyMatch(p -> p.name().equals("osSku")),
        "osSku goes to both targets as written");
  }

  /**
   * A required setting has no descriptions (the templates that place it describe its inputs), an
   * Azure maximum only on an integer and with its source, and the CRD defaults every required
   * setting of the bundled table, so every pool has a value.
   */
  @Test
  void aRequiredSettingIsPlacedByTheTemplatesAndDefaultedByTheCrd() throws IOException {
    String required =
        "    setting:\n"
            + "      type: integer\n"
            + "      required: true\n"
            + "      azure-maximum: {value: 2048, source: ARM types}\n";
    PropertyTable table = diskWith(required);
    Setting setting = table.settings().get(0).setting().orElseThrow();
    assertEquals(
        List.of(true, 2048, "ARM types"),
        List.of(
            setting.required(),
            setting.azureMaximum().orElseThrow().value(),
            setting.azureMaximum().orElseThrow().source()));
    assertRefused(
        "cluster: []\n" + DISK + required + "      description: Disk size.\n",
        "pool entry spec.nodePools[].diskSizeGb: a required setting has no description (the"
            + " templates that place it describe its inputs)");
    assertRefused(
        "cluster: []\n" + DISK + required.replace(", source: ARM types", ""),
        "pool entry spec.nodePools[].diskSizeGb setting azure-maximum lacks source");
    assertRefused(
        "cluster: []\n" + DISK + required.replace("integer", "string"),
        "pool entry spec.nodePools[].diskSizeGb setting azure-maximum is {value: <integer>,"
            + " source: <text>} on an integer setting");

    List<String> checked = new ArrayList<>();
    for (Property property : PropertyTable.bundled().settings()) {
      if (property.setting().orElseThrow().required()) {
        checked.add(property.name());
        assertTrue(
            CrdSchema.bundled().field(property.field()).has("default"),
            property.field() + " is a required setting the CRD does not default");
      }
    }
    assertFalse(checked.isEmpty(), "no required setting: nothing was checked");
  }

  @Test
  void anUnknownKeyIsATypo() {
    assertRefused(
        "cluster: []\n" + DISK.replace("    drift: exact\n", "    drift: exact\n    drfit: set\n"),
        "pool entry spec.nodePools[].diskSizeGb: unknown key drfit (one of arm, bicep, drift,"
            + " facts, field, import, note, setting, terraform, upstream-default-pool)");
  }

  @Test
  void aFieldInTheWrongListOrTwiceIsRefused() {
    assertRefused(
        DISK.replace("pool:", "cluster:") + "pool: []\n",
        "cluster entry spec.nodePools[].diskSizeGb: a field under spec.nodePools[]. belongs in"
            + " the pool list");
    assertRefused(
        "cluster: []\n" + DISK + DISK.replace("pool:\n", ""),
        "spec.nodePools[].diskSizeGb is declared twice");
  }

  @Test
  void anEntryWithoutFieldIsNamedByItsPosition() {
    assertRefused(
        "cluster: []\n" + DISK.replace("  - field: spec.nodePools[].diskSizeGb\n    ", "  - "),
        "pool[0] lacks field");
  }

  /** A table of the one pool field diskSizeGb, its entry ending in {@code setting}. */
  private static PropertyTable diskWith(String setting) throws IOException {
    return PropertyTable.parse(
        new ByteArrayInputStream(
            ("cluster: []\n" + DISK + setting).getBytes(StandardCharsets.UTF_8)));
  }

  private static void assertRefused(String yaml, String message) {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> parse(yaml));
    assertEquals(PropertyTable.RESOURCE + ": " + message, e.getMessage());
  }

  private static PropertyTable parse(String yaml) throws IOException {
    return PropertyTable.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
  }
}
