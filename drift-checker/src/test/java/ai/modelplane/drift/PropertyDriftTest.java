package ai.modelplane.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.plan.view.ClusterView;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.property.DriftRule;
import ai.modelplane.generator.property.Property;
import ai.modelplane.generator.property.PropertyTable;
import ai.modelplane.generator.property.Scope;
import ai.modelplane.generator.validate.Validator;
import com.azure.json.JsonProviders;
import com.azure.json.JsonReader;
import com.azure.resourcemanager.containerservice.fluent.models.MaintenanceConfigurationInner;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Closed world over the property table: every field drift compares has a desired value in ARM's
 * shape, and its rule, evaluated against the recorded live answer for the reference example, finds
 * nothing when Azure matches and a difference when the value at the field's {@code arm} path
 * changes. A failure names the field.
 */
class PropertyDriftTest {
  private static final PropertyTable TABLE = PropertyTable.bundled();
  private static final String GPU_POOL = "gpuh100";

  /** A pool field the CRD does not have, added to a copy of the table as a contributor would. */
  static final String NEW_FIELD = "spec.nodePools[].kubeletDiskType";

  static final String TABLE_TEXT = tableText();

  private static String tableText() {
    try (var in =
        PropertyTable.class.getClassLoader().getResourceAsStream(PropertyTable.RESOURCE)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The bundled table with a pool field added at its end, as a contributor would add one. */
  static PropertyTable withPoolField(String table, String drift, String importRule)
      throws IOException {
    String entry =
        String.join(
            "\n",
            "  - field: " + NEW_FIELD,
            "    terraform: kubelet_disk_type",
            "    bicep: kubeletDiskType",
            "    arm: properties.kubeletDiskType",
            "    facts: [osSku]",
            "    " + drift,
            "    " + importRule,
            "");
    return PropertyTable.parse(
        new java.io.ByteArrayInputStream(
            (table + entry).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  static Stream<Property> compared() {
    return TABLE.all().stream()
        .filter(
            p ->
                p.drift() != DriftRule.NOT_COMPARED
                    && p.drift() != DriftRule.IDENTITY
                    && p.drift() != DriftRule.NAMED_CHECK);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compared")
  void everyComparedFieldHasADesiredValueAndALivePath(Property field) {
    boolean desired =
        field.scope() == Scope.CLUSTER
            ? ArmDesired.cluster(field.field()).isPresent()
            : ArmDesired.pool(field.field()).isPresent();
    assertTrue(
        desired,
        field.field()
            + " is compared by drift ("
            + field.drift().id()
            + ") but ArmDesired has no line for it");
    assertTrue(
        !field.arm().equals(Property.NONE),
        field.field() + " is compared by drift but has no arm path");
  }

  @Test
  void everyLineOfDriftPolicyNamesAComparedFieldOfTheTable() {
    List<String> compared = compared().map(Property::field).toList();
    for (String field : ArmDesired.fields()) {
      assertTrue(
          compared.contains(field),
          "ArmDesired has a line for " + field + ", which drift does not compare");
    }
    for (String field : PropertyDrift.severityExceptions()) {
      assertTrue(
          compared.contains(field),
          "PropertyDrift has a severity for " + field + ", which drift does not compare");
    }
  }

  @Test
  void aNewFieldWithoutADesiredValueFailsNamingIt() throws IOException {
    PropertyTable table = withPoolField(TABLE_TEXT, "drift: exact", "import: value");
    ClusterView view = view();
    List<Finding> findings = new java.util.ArrayList<>();
    JsonNode live = ArmJson.agentPools(cluster()).get(0);

    IllegalStateException thrown =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalStateException.class,
            () ->
                PoolComparator.compare(
                    table, view.defaultPool(), live, "1.35", "subnet", findings));
    assertTrue(thrown.getMessage().contains(NEW_FIELD), thrown.getMessage());
  }

  @Test
  void theRecordedLiveAnswerIsInSyncWithTheReferenceExample() {
    assertEquals(List.of(), compare(cluster(), vnet()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compared")
  void aChangedLiveValueAtTheArmPathIsFound(Property field) {
    ObjectNode cluster = cluster();
    ObjectNode vnet = vnet();
    Map<String, ObjectNode> schedules = schedules();
    String property = ArmJson.property(field.arm());
    String expected;
    if (field.scope() == Scope.POOL) {
      change(DriftFixtures.pool(cluster, GPU_POOL), property, field, desired(field));
      expected = PoolComparator.property(GPU_POOL, property);
    } else {
      ArmDesired.Resource resource = ArmDesired.cluster(field.field()).orElseThrow().resource();
      ObjectNode live =
          switch (resource) {
            case MANAGED_CLUSTER -> cluster;
            case VIRTUAL_NETWORK -> vnet;
            case SUBNET -> (ObjectNode) DriftFixtures.properties(vnet).get("subnets").get(0);
            case AUTO_UPGRADE_SCHEDULE -> schedules.get(Platform.MAINTENANCE_AUTO_UPGRADE);
            case NODE_OS_SCHEDULE -> schedules.get(Platform.MAINTENANCE_NODE_OS);
          };
      if (resource == ArmDesired.Resource.AUTO_UPGRADE_SCHEDULE
          || resource == ArmDesired.Resource.NODE_OS_SCHEDULE) {
        // A window is an object the SDK model must still parse: change one field of it.
        change(live, field.arm() + ".durationHours", field, desired(field).get("durationHours"));
      } else {
        change(live, field.arm(), field, desired(field));
      }
      expected = property;
    }

    List<Finding> findings = compare(cluster, vnet, schedules, viewSetting(field));

    assertTrue(
        findings.stream().anyMatch(f -> reads(f.azureProperty(), expected)),
        field.field()
            + ": changing the live "
            + field.arm()
            + " was not found by its drift rule "
            + field.drift().id()
            + "; findings: "
            + findings);
  }

  /**
   * Whether a finding's ARM property is {@code expected}, on whichever resource, or an entry of it.
   */
  private static boolean reads(String azureProperty, String expected) {
    return azureProperty.equals(expected)
        || azureProperty.endsWith("." + expected)
        || azureProperty.startsWith(expected + "[");
  }

  /**
   * What the generated code sets for {@code field} on the reference example's GPU pool or cluster.
   */
  private static JsonNode desired(Property field) {
    ClusterView view = viewSetting(field);
    return field.scope() == Scope.POOL
        ? ArmDesired.pool(field.field())
            .orElseThrow()
            .apply(
                view.allPools().stream()
                    .filter(p -> p.name().equals(GPU_POOL))
                    .findFirst()
                    .orElseThrow())
        : ArmDesired.cluster(field.field()).orElseThrow().value().apply(view);
  }

  /**
   * Changes the value at {@code path} under {@code resource} to a different one of its type; where
   * ARM left it out, to one that differs from {@code desired}.
   */
  private static void change(ObjectNode resource, String path, Property field, JsonNode desired) {
    String[] steps = path.split("\\.");
    ObjectNode parent = resource;
    for (int i = 0; i < steps.length - 1; i++) {
      parent =
          parent.has(steps[i]) ? (ObjectNode) parent.get(steps[i]) : parent.putObject(steps[i]);
    }
    String last = steps[steps.length - 1];
    JsonNode value = parent.has(last) ? parent.get(last) : desired.deepCopy();
    parent.set(last, value);
    if (value.isBoolean()) {
      parent.put(last, !value.asBoolean(false));
    } else if (value.isNumber()) {
      parent.put(last, value.asInt() + 1000);
    } else if (value.isTextual()) {
      parent.put(last, value.asText() + "x");
    } else if (value.isArray()) {
      ((ArrayNode) value).add("9");
    } else if (value.isObject() && value.size() > 0) {
      ObjectNode map = (ObjectNode) value;
      String key = map.fieldNames().next();
      map.put(key, map.get(key).asText() + "x");
    } else {
      fail(field.field() + ": no live value at " + path + " in the recorded answer to change");
    }
  }

  private static ObjectNode cluster() {
    return ArmStub.fixture("inference-cluster.json");
  }

  private static ObjectNode vnet() {
    return ArmStub.fixture("inference-vnet.json");
  }

  private static List<Finding> compare(ObjectNode cluster, ObjectNode vnet) {
    return compare(cluster, vnet, view());
  }

  private static List<Finding> compare(ObjectNode cluster, ObjectNode vnet, ClusterView view) {
    return compare(cluster, vnet, schedules(), view);
  }

  /**
   * The live state, each maintenance configuration of {@code schedules} read through the SDK model
   * as the ARM reader reads it; a name left out is one ARM answered 404 for.
   */
  static List<Finding> compare(
      ObjectNode cluster, ObjectNode vnet, Map<String, ObjectNode> schedules, ClusterView view) {
    Map<String, JsonNode> maintenance = new java.util.TreeMap<>();
    schedules.forEach(
        (name, tree) ->
            maintenance.put(
                name,
                ArmJson.maintenanceConfiguration(
                    parse(tree, MaintenanceConfigurationInner::fromJson))));
    LiveState live =
        new LiveState(
            true,
            Optional.of(parse(cluster, ManagedClusterInner::fromJson)),
            Optional.of(parse(vnet, VirtualNetworkInner::fromJson)),
            Optional.of(DriftComparator.REGISTERED),
            Optional.of(maintenance));
    return DriftComparator.compare(view, ArmStub.SUBSCRIPTION, live);
  }

  /** The platform's two Sunday windows, as AKS returns them for the reference example. */
  static Map<String, ObjectNode> schedules() {
    Map<String, ObjectNode> schedules = new java.util.TreeMap<>();
    schedules.put(
        Platform.MAINTENANCE_AUTO_UPGRADE, ArmStub.fixture("maintenance-auto-upgrade.json"));
    schedules.put(Platform.MAINTENANCE_NODE_OS, ArmStub.fixture("maintenance-node-os.json"));
    return schedules;
  }

  @Test
  void aMissingMaintenanceConfigurationIsFoundAtMediumSeverity() {
    Map<String, ObjectNode> schedules = schedules();
    schedules.remove(Platform.MAINTENANCE_NODE_OS);

    List<Finding> findings = compare(cluster(), vnet(), schedules, view());

    assertEquals(1, findings.size(), findings.toString());
    Finding finding = findings.get(0);
    assertEquals("spec.maintenance.nodeOsWindow", finding.path());
    assertEquals(
        "maintenanceConfigurations/" + Platform.MAINTENANCE_NODE_OS + ".maintenanceWindow",
        finding.azureProperty());
    assertEquals(DriftSeverity.MEDIUM, finding.severity());
  }

  @Test
  void aWindowMovedInAzureIsFoundWithBothValues() {
    Map<String, ObjectNode> schedules = schedules();
    ((ObjectNode)
            schedules
                .get(Platform.MAINTENANCE_AUTO_UPGRADE)
                .at("/properties/maintenanceWindow/schedule/weekly"))
        .put("dayOfWeek", "Saturday");

    List<Finding> findings = compare(cluster(), vnet(), schedules, view());

    assertEquals(1, findings.size(), findings.toString());
    Finding finding = findings.get(0);
    assertEquals("spec.maintenance.autoUpgradeWindow", finding.path());
    assertEquals(DriftSeverity.MEDIUM, finding.severity());
    assertTrue(String.valueOf(finding.desired()).contains("Sunday"), finding.toString());
    assertTrue(String.valueOf(finding.live()).contains("Saturday"), finding.toString());
  }

  /** AKS's own startDate and an older timeInWeek are not what the output sets: no drift. */
  @Test
  void liveWindowFieldsTheOutputDoesNotSetAreNoDrift() {
    Map<String, ObjectNode> schedules = schedules();
    ObjectNode properties =
        (ObjectNode) schedules.get(Platform.MAINTENANCE_NODE_OS).get("properties");
    ((ObjectNode) properties.get("maintenanceWindow")).put("startDate", "2027-01-03");
    properties.putArray("timeInWeek").addObject().put("day", "Monday");

    assertEquals(List.of(), compare(cluster(), vnet(), schedules, view()));
  }

  /** A YAML window that differs from the platform's is compared, not the platform's. */
  @Test
  void aYamlWindowIsComparedInsteadOfThePlatformOne() throws IOException {
    Path source = DriftTestSupport.ROOT.resolve(DriftTestSupport.INFERENCE);
    String yaml = Files.readString(source);
    String after = "  kubernetesVersion: \"1.35\"\n";
    assertTrue(yaml.contains(after));
    Path copy = Files.createTempFile("maintenance-", ".yaml");
    ClusterView view;
    try {
      Files.writeString(
          copy,
          yaml.replace(
              after,
              after
                  + "  maintenance:\n    nodeOsWindow:\n      dayOfWeek: Saturday\n"
                  + "      startTime: \"22:00\"\n      durationHours: 4\n"
                  + "      utcOffset: \"+00:00\"\n"));
      view = view(copy);
    } finally {
      Files.delete(copy);
    }

    List<Finding> findings = compare(cluster(), vnet(), schedules(), view);

    assertTrue(
        findings.stream()
            .anyMatch(
                f ->
                    f.path().equals("spec.maintenance.nodeOsWindow")
                        && String.valueOf(f.desired()).contains("Saturday")),
        findings.toString());
    assertTrue(
        findings.stream().noneMatch(f -> f.path().equals("spec.maintenance.autoUpgradeWindow")),
        findings.toString());
  }

  private static ClusterView view() {
    return view(DriftTestSupport.ROOT.resolve(DriftTestSupport.INFERENCE));
  }

  private static ClusterView view(Path file) {
    var loaded =
        Validator.forExistingClusters(CrdSchema.bundled())
            .validate(List.of(InputSource.file(file, DriftTestSupport.INFERENCE)));
    assertTrue(!loaded.clusters().isEmpty(), file + " holds no valid cluster");
    return ClusterPlan.of(loaded.clusters().get(0)).view();
  }

  /**
   * The reference example's view; for a field compared only when set, with the field set on its GPU
   * pool to the recorded live value ({@link #SET_ON_THE_GPU_POOL}), since the example leaves it to
   * Azure.
   */
  private static ClusterView viewSetting(Property field) {
    if (field.drift() != DriftRule.EXACT_WHEN_SET) {
      return view();
    }
    // A setting of the table with an enum: its first CRD value; any other field from the list.
    String line =
        field.setting().isPresent() && !firstCrdValue(field).isEmpty()
            ? field.name() + ": " + firstCrdValue(field)
            : SET_ON_THE_GPU_POOL.get(field.field());
    assertTrue(
        line != null, field.field() + " is exact-when-set but the test sets no value for it");
    try {
      Path source = DriftTestSupport.ROOT.resolve(DriftTestSupport.INFERENCE);
      String yaml = Files.readString(source);
      if (line.contains("priority: Spot")) {
        // The CRD refuses Spot InfiniBand pools.
        yaml = yaml.replace("      fabric: InfiniBand\n", "      fabric: None\n");
      }
      // A cluster field after kubernetesVersion; a pool field after the pool's name; a gpu field
      // (gpu.x) after its acceleratorType.
      boolean gpuField = field.field().startsWith("spec.nodePools[].gpu.");
      String after =
          field.scope() == Scope.CLUSTER
              ? "  kubernetesVersion: \"1.35\"\n"
              : gpuField
                  ? "        acceleratorType: nvidia-h100\n"
                  : "    - name: " + GPU_POOL + "\n";
      String indent = field.scope() == Scope.CLUSTER ? "  " : gpuField ? "        " : "      ";
      assertTrue(yaml.contains(after), "the reference example has no " + after);
      Path copy = Files.createTempFile("reference-", ".yaml");
      Files.writeString(copy, yaml.replace(after, after + indent + line + "\n"));
      try {
        return view(copy);
      } finally {
        Files.delete(copy);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A field the YAML leaves to Azure is no drift, whatever Azure chose. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("comparedWhenSet")
  void aLiveValueOfAFieldTheYamlLeavesOutIsNoDrift(Property field) {
    ObjectNode cluster = cluster();
    if (field.scope() == Scope.CLUSTER) {
      change(cluster, field.arm(), field, desired(field));
    } else {
      change(
          DriftFixtures.pool(cluster, GPU_POOL),
          ArmJson.property(field.arm()),
          field,
          desired(field));
    }

    assertEquals(List.of(), compare(cluster, vnet()));
  }

  static Stream<Property> comparedWhenSet() {
    return TABLE.all().stream().filter(p -> p.drift() == DriftRule.EXACT_WHEN_SET);
  }

  /**
   * The YAML line that sets each exact-when-set field to the recorded live value: a pool field on
   * the GPU pool, a cluster field on the cluster.
   */
  private static final java.util.Map<String, String> SET_ON_THE_GPU_POOL =
      java.util.Map.of(
          "spec.maintenance.nodeOsUpgradeChannel",
              "maintenance:\n    nodeOsUpgradeChannel: NodeImage",
          "spec.nodePools[].priority", "priority: Spot",
          "spec.nodePools[].spotMaxPrice", "priority: Spot\n      spotMaxPrice: 0.5",
          "spec.nodePools[].gpu.migProfile", "migProfile: MIG7g",
          "spec.nodePools[].upgrade.maxSurge", "upgrade:\n        maxSurge: \"1\"",
          "spec.nodePools[].upgrade.maxUnavailable", "upgrade:\n        maxUnavailable: \"1\"",
          "spec.nodePools[].upgrade.drainTimeoutMinutes",
              "upgrade:\n        drainTimeoutMinutes: 30");

  private static String firstCrdValue(Property setting) {
    return CrdSchema.bundled()
        .openApiSchema()
        .at("/properties/spec/properties/nodePools/items/properties/" + setting.name() + "/enum/0")
        .asText();
  }

  private interface Parser<T> {
    T read(JsonReader reader) throws IOException;
  }

  private static <T> T parse(ObjectNode json, Parser<T> parser) {
    try (JsonReader reader = JsonProviders.createReader(ArmStub.text(json))) {
      return parser.read(reader);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
