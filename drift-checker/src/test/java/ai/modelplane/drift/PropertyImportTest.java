package ai.modelplane.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.property.ImportRule;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Setting;
import com.azure.json.JsonProviders;
import com.azure.json.JsonReader;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.containerservice.models.ManagedClusterAgentPoolProfile;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Closed world over the property table's import rules: a field the importer cannot write by its
 * rule fails the import, naming the field, instead of being left out of the document silently.
 */
class PropertyImportTest {
  private static final String NEW_FIELD = PropertyDriftTest.NEW_FIELD;

  private final List<String> warnings = new ArrayList<>();

  @Test
  void theRecordedPoolImportsByEveryRuleOfTheBundledTable() throws IOException {
    ObjectNode pool = document(PropertyTable.bundled());

    assertEquals(
        List.of(
            "name",
            "role",
            "vmSize",
            "diskSizeGb",
            "nodeCount",
            "minNodeCount",
            "maxNodeCount",
            "fabric",
            "gpu"),
        iterable(pool));
    assertEquals("nvidia-h100", pool.path("gpu").path("acceleratorType").asText());
  }

  @Test
  void aNewDerivedFieldWithoutADerivationFailsNamingIt() throws IOException {
    PropertyTable table =
        PropertyDriftTest.withPoolField(
            PropertyDriftTest.TABLE_TEXT, "drift: not-compared", "import: derived");

    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> document(table));
    assertTrue(
        thrown.getMessage().contains(NEW_FIELD + " (derived: no derivation)"), thrown.getMessage());
  }

  @Test
  void aValueFieldIsWrittenInTheCrdTypeAndOneTheCrdLacksFailsNamingIt() throws IOException {
    // The recorded pool has kubeletDiskType OS, but this CRD has no such field to give it a type.
    PropertyTable table =
        PropertyDriftTest.withPoolField(
            PropertyDriftTest.TABLE_TEXT, "drift: not-compared", "import: value");

    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> document(table));
    assertTrue(thrown.getMessage().contains(NEW_FIELD + " of CRD type none"), thrown.getMessage());
  }

  @Test
  void aSettingWithAnAksDefaultImportsItsLiveValueUnlessItIsThatDefault() {
    Property osSku = PropertyTable.bundled().byField("spec.nodePools[].osSku").orElseThrow();
    // The bundled entry as a setting would declare it with no derivation of its own.
    Property setting =
        new Property(
            osSku.field(),
            osSku.scope(),
            osSku.terraform(),
            osSku.bicep(),
            osSku.arm(),
            osSku.facts(),
            osSku.drift(),
            ImportRule.VALUE_UNLESS_DEFAULT,
            osSku.note(),
            Optional.of(
                new Setting(
                    "string",
                    false,
                    "OS image.",
                    "Default pool OS image.",
                    "Ubuntu",
                    Optional.empty())),
            Optional.empty());
    ObjectNode live = JsonNodeFactory.instance.objectNode();
    live.putObject("properties").put("osSKU", "Ubuntu");
    ObjectNode leftOut = JsonNodeFactory.instance.objectNode();
    PropertyImport.write(List.of(setting), PropertyTable.POOL_PREFIX, leftOut, f -> live, Map.of());
    assertEquals(List.of(), iterable(leftOut), "AKS's own choice is not written");

    ((ObjectNode) live.get("properties")).put("osSKU", "AzureLinux");
    ObjectNode written = JsonNodeFactory.instance.objectNode();
    PropertyImport.write(List.of(setting), PropertyTable.POOL_PREFIX, written, f -> live, Map.of());
    assertEquals("AzureLinux", written.path("osSku").asText());
  }

  /** The recorded GPU pool as an entry of spec.nodePools, imported by {@code table}. */
  private ObjectNode document(PropertyTable table) throws IOException {
    ObjectNode json = ArmStub.fixture("inference-cluster.json");
    ManagedClusterInner cluster;
    try (JsonReader reader = JsonProviders.createReader(ArmStub.text(json))) {
      cluster = ManagedClusterInner.fromJson(reader);
    }
    ManagedClusterAgentPoolProfile pool = cluster.agentPoolProfiles().get(1);
    return new LivePools(cluster, VmSizeCatalog.bundled(), warnings::add, Optional.empty())
        .document(pool, table);
  }

  private static List<String> iterable(ObjectNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
