package ai.modelplane.drift;

import static ai.modelplane.drift.DriftTestSupport.INFERENCE_CLUSTER;
import static ai.modelplane.drift.DriftTestSupport.INFERENCE_RG;
import static ai.modelplane.drift.DriftTestSupport.INFERENCE_VNET;
import static ai.modelplane.drift.DriftTestSupport.ROOT;
import static ai.modelplane.drift.DriftTestSupport.findings;
import static ai.modelplane.drift.DriftTestSupport.settings;
import static ai.modelplane.drift.DriftTestSupport.stubFeatureRegistered;
import static ai.modelplane.drift.DriftTestSupport.stubInSync;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.GenerationResult;
import ai.modelplane.generator.Generator;
import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.adopt.ImportRequest;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adoption round trip on the ARM stand-in: import writes a document, it validates, generate
 * (with --adopt) renders it, and drift finds the live cluster in sync with it; for the seed
 * cluster, whose names follow Naming, and for one whose names do not. The import blocks name
 * exactly the resources the stand-in serves.
 */
class ImportRoundTripTest {
  static final String LEGACY_RG = "Legacy-AKS-RG";
  static final String LEGACY_NAME = "LegacyAKS01";
  static final String LEGACY_VNET = "legacy-vnet";
  static final String LEGACY_SUBNET = "aks-nodes";
  static final String LEGACY_CLUSTER = ArmStub.clusterPath(LEGACY_RG, LEGACY_NAME);
  static final String LEGACY_VNET_PATH = ArmStub.vnetPath(LEGACY_RG, LEGACY_VNET);
  private static final Pattern IMPORT_ID = Pattern.compile("(?m)^  id = \"([^\"]*)\"$");

  @RegisterExtension static final ArmStub stub = new ArmStub();

  /**
   * The seed cluster with names that follow no Naming rule: another group, cluster, VNet, subnet,
   * DNS prefix, node group.
   */
  static ObjectNode legacyCluster() {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    cluster.put("id", LEGACY_CLUSTER).put("name", LEGACY_NAME);
    ObjectNode properties = DriftFixtures.properties(cluster);
    properties
        .put("dnsPrefix", "legacyaks01-dns")
        .put("nodeResourceGroup", "MC_" + LEGACY_RG + "_" + LEGACY_NAME + "_westeurope");
    for (JsonNode pool : DriftFixtures.pools(cluster)) {
      ((ObjectNode) pool).put("vnetSubnetID", LEGACY_VNET_PATH + "/subnets/" + LEGACY_SUBNET);
    }
    return cluster;
  }

  static ObjectNode legacyVnet() {
    ObjectNode vnet = ArmStub.fixture("inference-vnet.json");
    vnet.put("id", LEGACY_VNET_PATH).put("name", LEGACY_VNET);
    ObjectNode subnet = (ObjectNode) DriftFixtures.properties(vnet).get("subnets").get(0);
    subnet.put("id", LEGACY_VNET_PATH + "/subnets/" + LEGACY_SUBNET).put("name", LEGACY_SUBNET);
    return vnet;
  }

  static void stubLegacy() {
    stubLegacy(legacyCluster());
  }

  /** The legacy stand-in, its cluster read as {@code cluster}. */
  static void stubLegacy(ObjectNode cluster) {
    stub.getReturns(LEGACY_CLUSTER, 200, ArmStub.text(cluster));
    stub.getReturns(LEGACY_VNET_PATH, 200, ArmStub.text(legacyVnet()));
    stubFeatureRegistered(stub);
  }

  static ImportRequest request(
      Optional<String> group, Optional<String> name, boolean graph, Path out) {
    return new ImportRequest(
        Optional.empty(),
        group,
        name,
        graph,
        "platform",
        out,
        ROOT,
        "AzureCloud",
        Optional.of(URI.create(stub.baseUrl())),
        DriftTestSupport.GENEROUS_TIMEOUT);
  }

  static ImportOutcome importOne(String group, String name, Path out) {
    return new AzureImportService(settings(stub))
        .importClusters(
            request(Optional.of(group), Optional.of(name), false, out), ProgressListener.SILENT);
  }

  @Test
  void theSeedClusterRoundTripsWithoutAnnotations(@TempDir Path dir) throws IOException {
    stubInSync(stub);
    ImportOutcome outcome =
        importOne(INFERENCE_RG, "inference-westeurope", dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    Path file = dir.resolve("clusters/inference-westeurope.yaml");
    String text = Files.readString(file);
    assertTrue(
        text.startsWith(
            LiveClusterDocument.MARKER
                + INFERENCE_CLUSTER.replace("resourceGroups", "resourcegroups")
                + "\n"
                + LiveClusterDocument.MODELINE
                + "\n"),
        text);
    assertFalse(text.contains("annotations:"), text);
    assertEquals(
        List.of(
            "networkProfile.networkPolicy is none; the generated code sets cilium (the AKSCluster has no field for it)",
            "networkProfile.networkDataplane is azure; the generated code sets cilium (the AKSCluster has no field for it)",
            "the OIDC issuer is off; the generated code turns it on (AKS does not allow turning it off again)"),
        outcome.clusters().get(0).warnings());
    // The spec the seed example holds, as far as live Azure knows it (the autoscaler grew the GPU
    // pool to 3), its fields in the property table's order, which is the CRD's.
    assertTrue(
        text.endsWith(
            String.join(
                "\n",
                "spec:",
                "  kubernetesVersion: \"1.35\"",
                "  location: westeurope",
                "  networking:",
                "    vnetCidr: 10.0.0.0/16",
                "    subnetCidr: 10.0.0.0/20",
                "  nodePools:",
                "    - name: system",
                "      role: System",
                "      vmSize: Standard_D8s_v5",
                "      diskSizeGb: 100",
                "      nodeCount: 2",
                "      minNodeCount: 1",
                "      maxNodeCount: 8",
                "    - name: gpuh100",
                "      role: GPU",
                "      vmSize: Standard_ND96isr_H100_v5",
                "      diskSizeGb: 200",
                "      nodeCount: 3",
                "      minNodeCount: 1",
                "      maxNodeCount: 8",
                "      fabric: InfiniBand",
                "      gpu:",
                "        acceleratorType: nvidia-h100",
                "")),
        text);

    roundTrip(outcome, file, dir.resolve("out"), "platform/inference-westeurope");
    assertEquals(
        expectedIds(
            INFERENCE_RG,
            INFERENCE_CLUSTER,
            INFERENCE_VNET,
            "snet-nodes",
            ArmStub.fixture("inference-cluster.json")),
        importIds(dir.resolve("out/platform/inference-westeurope/terraform/imports.tf")));
  }

  @Test
  void aClusterWhoseNamesDoNotFollowNamingKeepsThemInAnnotations(@TempDir Path dir)
      throws IOException {
    stubLegacy();
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    Path file = dir.resolve("clusters/legacyaks01.yaml");
    String text = Files.readString(file);
    assertTrue(
        text.contains(
            String.join(
                "\n",
                "metadata:",
                "  name: legacyaks01",
                "  namespace: platform",
                "  # The live names, which differ from the ones Modelplane derives (see Naming in docs/adoption.md).",
                "  annotations:",
                "    infrastructure.modelplane.ai/resource-group: Legacy-AKS-RG",
                "    infrastructure.modelplane.ai/node-resource-group: MC_Legacy-AKS-RG_LegacyAKS01_westeurope",
                "    infrastructure.modelplane.ai/cluster-name: LegacyAKS01",
                "    infrastructure.modelplane.ai/dns-prefix: legacyaks01-dns",
                "    infrastructure.modelplane.ai/vnet-name: legacy-vnet",
                "    infrastructure.modelplane.ai/subnet-name: aks-nodes",
                "spec:")),
        text);

    roundTrip(outcome, file, dir.resolve("out"), "platform/legacyaks01");
    // Both renderers read the annotated names.
    String bicep = Files.readString(dir.resolve("out/platform/legacyaks01/bicep/main.bicep"));
    for (String line :
        List.of(
            "var resourceGroupName = 'Legacy-AKS-RG'",
            "var nodeResourceGroupName = 'MC_Legacy-AKS-RG_LegacyAKS01_westeurope'",
            "var virtualNetworkName = 'legacy-vnet'",
            "var subnetName = 'aks-nodes'",
            "var clusterName = 'LegacyAKS01'",
            "var dnsPrefix = 'legacyaks01-dns'")) {
      assertTrue(bicep.contains(line + "\n"), line);
    }
    String terraform = Files.readString(dir.resolve("out/platform/legacyaks01/terraform/main.tf"));
    for (String line :
        List.of(
            "resource_group_name  = \"Legacy-AKS-RG\"",
            "name                     = \"LegacyAKS01\"",
            "dns_prefix               = \"legacyaks01-dns\"",
            "virtual_network_name = \"legacy-vnet\"")) {
      assertTrue(terraform.contains(line + "\n"), line);
    }
    assertEquals(
        expectedIds(LEGACY_RG, LEGACY_CLUSTER, LEGACY_VNET_PATH, LEGACY_SUBNET, legacyCluster()),
        importIds(dir.resolve("out/platform/legacyaks01/terraform/imports.tf")));
  }

  @Test
  void aPrivateClusterImportsAsEndpointAccessPrivateAndTakesOverItsInfrastructure(@TempDir Path dir)
      throws IOException {
    ObjectNode cluster = legacyCluster();
    DriftFixtures.properties(cluster)
        .putObject("apiServerAccessProfile")
        .put("enablePrivateCluster", true)
        .put("enablePrivateClusterPublicFQDN", true)
        .put("privateDNSZone", "none");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    assertTrue(
        outcome.clusters().get(0).warnings().stream().noneMatch(w -> w.contains("API server")),
        outcome.clusters().get(0).warnings().toString());
    Path file = dir.resolve("clusters/legacyaks01.yaml");
    assertTrue(Files.readString(file).contains("\n  endpointAccess: Private\n"));
    assertEquals(List.of(), outcome.clusters().get(0).firstApplyChanges());

    Path out = dir.resolve("out");
    Generator.generate(
        GenerationRequest.of(List.of(file.toString()), ROOT, out, Set.of(Target.TERRAFORM))
            .withAdopt(true),
        ProgressListener.SILENT);
    // The run-command actions of the private in-cluster root cannot be imported: no imports.tf.
    assertEquals(
        expectedIds(LEGACY_RG, LEGACY_CLUSTER, LEGACY_VNET_PATH, LEGACY_SUBNET, cluster),
        importIds(out.resolve("platform/legacyaks01/terraform/imports.tf")));
    assertFalse(Files.exists(out.resolve("platform/legacyaks01/terraform/in-cluster/imports.tf")));
    DriftOutcome drift = drift(List.of(file.toString()));
    assertEquals(List.of(), findings(drift.report()));
  }

  @Test
  void tagsAndWorkloadIdentityImportAndThenShowNoDrift(@TempDir Path dir) throws IOException {
    ObjectNode cluster = legacyCluster();
    cluster.putObject("tags").put("cost-center", "4711").put("Owner", "GPU team <gpu@example.com>");
    for (JsonNode pool : DriftFixtures.pools(cluster)) {
      ((ObjectNode) pool).set("tags", cluster.get("tags").deepCopy());
    }
    DriftFixtures.properties(cluster)
        .putObject("securityProfile")
        .putObject("workloadIdentity")
        .put("enabled", true);
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    assertTrue(
        outcome.clusters().get(0).warnings().stream().noneMatch(w -> w.contains("tag")),
        outcome.clusters().get(0).warnings().toString());
    String written = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    assertTrue(
        written.contains(
            "\n  tags:\n    Owner: GPU team <gpu@example.com>\n    cost-center: \"4711\"\n"
                + "  workloadIdentity: true\n"),
        written);
    assertEquals(List.of(), findings(drift(List.of(dir.resolve("clusters").toString())).report()));

    // A tag on one pool only: the generated code would give every pool the cluster's tags.
    ((ObjectNode) DriftFixtures.pool(cluster, "gpuh100").get("tags")).put("team", "research");
    stubLegacy(cluster);
    ImportOutcome again = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("again"));
    assertEquals(
        List.of(
            "agent pool gpuh100 has other tags than the cluster; the generated code gives every pool the cluster's tags (spec.tags)"),
        again.clusters().get(0).warnings().stream().filter(w -> w.contains("tag")).toList());
  }

  @Test
  void anEntraIdClusterImportsWithItsAdminGroupsAndThenShowsNoDrift(@TempDir Path dir)
      throws IOException {
    ObjectNode cluster = legacyCluster();
    ObjectNode properties = DriftFixtures.properties(cluster);
    properties.put("disableLocalAccounts", true);
    ObjectNode aad = properties.putObject("aadProfile");
    aad.put("managed", true).put("enableAzureRBAC", true).put("tenantID", "t");
    aad.putArray("adminGroupObjectIDs").add("6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    assertTrue(
        outcome.clusters().get(0).warnings().stream().noneMatch(w -> w.contains("Entra")),
        outcome.clusters().get(0).warnings().toString());
    String written = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    assertTrue(
        written.contains(
            "\n  authentication:\n    mode: EntraID\n    adminGroupObjectIds:\n"
                + "      - 6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47\n"),
        written);
    assertEquals(List.of(), outcome.clusters().get(0).firstApplyChanges());
    assertEquals(List.of(), findings(drift(List.of(dir.resolve("clusters").toString())).report()));

    // The same group in capitals is the same object id; another group is drift.
    aad.putArray("adminGroupObjectIDs").add("6F1E3C2A-8B4D-4F7E-9A2C-5D8B1E0F3A47");
    stubLegacy(cluster);
    assertEquals(List.of(), findings(drift(List.of(dir.resolve("clusters").toString())).report()));
    aad.putArray("adminGroupObjectIDs").add("00000000-0000-0000-0000-000000000001");
    stubLegacy(cluster);
    assertEquals(
        List.of(
            "high changed spec.authentication.adminGroupObjectIds aadProfile.adminGroupObjectIDs:"
                + " [6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47] -> [00000000-0000-0000-0000-000000000001]"),
        findings(drift(List.of(dir.resolve("clusters").toString())).report()));

    // Local accounts switched back on outside the code: drift reports it.
    aad.putArray("adminGroupObjectIDs").add("6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47");
    properties.put("disableLocalAccounts", false);
    stubLegacy(cluster);
    assertEquals(
        List.of("high changed spec.authentication.mode disableLocalAccounts: true -> false"),
        findings(drift(List.of(dir.resolve("clusters").toString())).report()));
  }

  @Test
  void anAzureLinuxPoolImportsItsOsSkuAndThenShowsNoDrift(@TempDir Path dir) throws IOException {
    ObjectNode cluster = legacyCluster();
    DriftFixtures.pool(cluster, "system").put("osSKU", "AzureLinux");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    String written = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    // Written on the AzureLinux pool only: Ubuntu is what AKS chooses when osSku is left out.
    assertEquals(1, written.split("osSku: AzureLinux", -1).length - 1, written);
    assertTrue(!written.contains("osSku: Ubuntu"), written);
    assertEquals(List.of(), findings(drift(List.of(dir.resolve("clusters").toString())).report()));

    // An OS SKU osSku cannot hold is left out, with a warning that names it.
    DriftFixtures.pool(cluster, "gpuh100").put("osSKU", "Ubuntu2204");
    stubLegacy(cluster);
    ImportOutcome again = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("again"));
    assertEquals(
        List.of(
            "pool gpuh100 runs the OS SKU Ubuntu2204, which osSku cannot express (Ubuntu or"
                + " AzureLinux); it is left out, and the generated code leaves the OS SKU to AKS"),
        again.clusters().get(0).warnings().stream().filter(w -> w.contains("OS SKU")).toList());
    assertTrue(
        !Files.readString(dir.resolve("again/legacyaks01.yaml")).contains("osSku: Ubuntu"),
        "no osSku for Ubuntu2204");

    // AzureLinux on the InfiniBand pool: the AKSCluster refuses it, so it is left out.
    DriftFixtures.pool(cluster, "gpuh100").put("osSKU", "AzureLinux");
    stubLegacy(cluster);
    ImportOutcome infiniband = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("infiniband"));
    assertEquals(List.of(), infiniband.errors());
    assertEquals(
        List.of(
            "pool gpuh100 runs AzureLinux on the InfiniBand fabric, which the AKSCluster refuses"
                + " (AKS's InfiniBand guides require Ubuntu); osSku is left out, and the generated"
                + " code leaves the OS SKU as it is"),
        infiniband.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("AzureLinux"))
            .toList());
  }

  /** The legacy cluster's maintenance configuration {@code name} answers {@code status}. */
  private static void stubSchedule(String name, int status, String body) {
    stub.getReturns(LEGACY_CLUSTER + "/maintenanceConfigurations/" + name, status, body);
  }

  /** The platform's window of {@code fixture}, moved to another day, time, length and zone. */
  private static ObjectNode movedWindow(
      String fixture, String day, String start, int hours, String offset) {
    ObjectNode configuration = ArmStub.fixture(fixture);
    ObjectNode window = (ObjectNode) configuration.at("/properties/maintenanceWindow");
    ((ObjectNode) window.at("/schedule/weekly")).put("dayOfWeek", day);
    window.put("startTime", start).put("durationHours", hours).put("utcOffset", offset);
    return configuration;
  }

  @Test
  void maintenanceWindowsOtherThanThePlatformsImportAndThenShowNoDrift(@TempDir Path dir)
      throws IOException {
    stubLegacy();
    stubSchedule(
        Platform.MAINTENANCE_AUTO_UPGRADE,
        200,
        ArmStub.text(
            movedWindow("maintenance-auto-upgrade.json", "Wednesday", "22:30", 6, "-05:00")));
    // Only the day differs: the CRD's default length and offset are left out.
    stubSchedule(
        Platform.MAINTENANCE_NODE_OS,
        200,
        ArmStub.text(movedWindow("maintenance-node-os.json", "Saturday", "04:00", 4, "+00:00")));
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    Path file = dir.resolve("clusters/legacyaks01.yaml");
    String written = Files.readString(file);
    assertTrue(
        written.contains(
            String.join(
                "\n",
                "  maintenance:",
                "    autoUpgradeWindow:",
                "      dayOfWeek: Wednesday",
                "      startTime: \"22:30\"",
                "      durationHours: 6",
                "      utcOffset: -05:00",
                "    nodeOsWindow:",
                "      dayOfWeek: Saturday",
                "      startTime: 04:00",
                "  nodePools:")),
        written);
    assertEquals(
        List.of(),
        outcome.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("maintenance"))
            .toList());
    roundTrip(outcome, file, dir.resolve("out"), "platform/legacyaks01");
  }

  @Test
  void aNodeOsChannelOtherThanNodeImageImportsAndThenShowsNoDrift(@TempDir Path dir)
      throws IOException {
    ObjectNode cluster = legacyCluster();
    ObjectNode upgrades = (ObjectNode) DriftFixtures.properties(cluster).get("autoUpgradeProfile");
    upgrades.put("nodeOSUpgradeChannel", "SecurityPatch");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    Path file = dir.resolve("clusters/legacyaks01.yaml");
    String written = Files.readString(file);
    // The platform's windows, which AKS has here, are left out.
    assertTrue(
        written.contains("  maintenance:\n    nodeOsUpgradeChannel: SecurityPatch\n  nodePools:"),
        written);
    roundTrip(outcome, file, dir.resolve("out"), "platform/legacyaks01");

    // A channel the CRD has no value for is left out, with a warning.
    upgrades.put("nodeOSUpgradeChannel", "WeeklyReboot");
    stubLegacy(cluster);
    ImportOutcome again = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("again"));
    assertFalse(
        Files.readString(dir.resolve("again/legacyaks01.yaml")).contains("maintenance:"),
        "no channel written");
    assertEquals(
        List.of(
            "the node OS upgrade channel is WeeklyReboot, which"
                + " spec.maintenance.nodeOsUpgradeChannel cannot express (NodeImage, SecurityPatch,"
                + " Unmanaged or None); it is left out"),
        again.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("maintenance"))
            .toList());
  }

  @Test
  void aMissingOrUnexpressibleMaintenanceWindowIsLeftOutWithAWarning(@TempDir Path dir)
      throws IOException {
    stubLegacy();
    stubSchedule(
        Platform.MAINTENANCE_AUTO_UPGRADE,
        404,
        ArmStub.armError("NotFound", "maintenance configuration not found"));
    ObjectNode monthly = ArmStub.fixture("maintenance-node-os.json");
    ObjectNode window = (ObjectNode) monthly.at("/properties/maintenanceWindow");
    window.putObject("schedule").putObject("absoluteMonthly").put("intervalMonths", 1);
    ((ObjectNode) window.at("/schedule/absoluteMonthly")).put("dayOfMonth", 15);
    window
        .putArray("notAllowedDates")
        .addObject()
        .put("start", "2026-12-24")
        .put("end", "2026-12-26");
    stubSchedule(Platform.MAINTENANCE_NODE_OS, 200, ArmStub.text(monthly));
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    ImportOutcome.ImportedCluster imported = outcome.clusters().get(0);
    assertFalse(
        Files.readString(dir.resolve("clusters/legacyaks01.yaml")).contains("maintenance:"),
        "no window written");
    assertEquals(
        List.of(
            "AKS has no aksManagedAutoUpgradeSchedule maintenance configuration (no window), which"
                + " spec.maintenance.autoUpgradeWindow cannot express; the generated code sets the"
                + " platform's window, Sunday 00:00 +00:00 for 4 hours",
            "the maintenance configuration aksManagedNodeOSUpgradeSchedule has the schedule"
                + " absoluteMonthly, notAllowedDates entries, which spec.maintenance.nodeOsWindow"
                + " cannot express (one weekly window); it is left out, and the generated code sets"
                + " the platform's window, Sunday 04:00 +00:00 for 4 hours"),
        imported.warnings().stream().filter(w -> w.contains("maintenance")).toList());
    // The review lists both windows as what the first apply changes.
    String sundayAt =
        "{\"schedule\":{\"weekly\":{\"dayOfWeek\":\"Sunday\",\"intervalWeeks\":1}},"
            + "\"durationHours\":4,\"startTime\":\"%s\",\"utcOffset\":\"+00:00\"}";
    assertEquals(
        List.of(
            "medium changed maintenanceConfigurations/aksManagedAutoUpgradeSchedule.maintenanceWindow"
                + " (spec.maintenance.autoUpgradeWindow): live (absent), generated "
                + sundayAt.formatted("00:00"),
            "medium changed maintenanceConfigurations/aksManagedNodeOSUpgradeSchedule.maintenanceWindow"
                + " (spec.maintenance.nodeOsWindow): live {\"schedule\":{\"absoluteMonthly\":"
                + "{\"intervalMonths\":1,\"dayOfMonth\":15}},\"durationHours\":4,\"startTime\":"
                + "\"04:00\",\"utcOffset\":\"+00:00\"}, generated "
                + sundayAt.formatted("04:00")),
        imported.firstApplyChanges().stream().filter(c -> c.contains("maintenance")).toList());

    // Every second week, and the older form's excluded times: not one weekly window either.
    ObjectNode everyOtherWeek = ArmStub.fixture("maintenance-auto-upgrade.json");
    ((ObjectNode) everyOtherWeek.at("/properties/maintenanceWindow/schedule/weekly"))
        .put("intervalWeeks", 2);
    stubSchedule(Platform.MAINTENANCE_AUTO_UPGRADE, 200, ArmStub.text(everyOtherWeek));
    ObjectNode excluded = ArmStub.fixture("maintenance-node-os.json");
    ((ObjectNode) excluded.get("properties"))
        .putArray("notAllowedTime")
        .addObject()
        .put("start", "2026-12-24T00:00:00Z")
        .put("end", "2026-12-27T00:00:00Z");
    stubSchedule(Platform.MAINTENANCE_NODE_OS, 200, ArmStub.text(excluded));
    ImportOutcome again = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("again"));
    assertEquals(List.of(), again.errors());
    assertFalse(
        Files.readString(dir.resolve("again/legacyaks01.yaml")).contains("maintenance:"),
        "no window written");
    assertEquals(
        List.of(
            "the maintenance configuration aksManagedAutoUpgradeSchedule has intervalWeeks 2, which"
                + " spec.maintenance.autoUpgradeWindow cannot express (one weekly window); it is"
                + " left out, and the generated code sets the platform's window, Sunday 00:00 +00:00"
                + " for 4 hours",
            "the maintenance configuration aksManagedNodeOSUpgradeSchedule has notAllowedTime"
                + " entries, which spec.maintenance.nodeOsWindow cannot express (one weekly window);"
                + " it is left out, and the generated code sets the platform's window, Sunday 04:00"
                + " +00:00 for 4 hours"),
        again.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("maintenance"))
            .toList());
  }

  @Test
  void aSpotGpuPoolImportsItsPriorityAndMaxPriceAndThenShowsNoDrift(@TempDir Path dir)
      throws IOException {
    ObjectNode cluster = legacyCluster();
    ObjectNode gpu = DriftFixtures.pool(cluster, "gpuh100");
    gpu.put("scaleSetPriority", "Spot").put("scaleSetEvictionPolicy", "Delete");
    gpu.put("spotMaxPrice", 2.5);
    gpu.remove("upgradeSettings"); // AKS reports none for Spot pools
    ((ObjectNode) gpu.get("nodeLabels"))
        .put("kubernetes.azure.com/scalesetpriority", "spot")
        .put("modelplane.ai/fabric", "none"); // off the fabric: the CRD refuses Spot InfiniBand
    ((com.fasterxml.jackson.databind.node.ArrayNode) gpu.get("nodeTaints"))
        .add("kubernetes.azure.com/scalesetpriority=spot:NoSchedule");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    String written = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    assertTrue(written.contains("      priority: Spot\n      spotMaxPrice: 2.5\n"), written);
    assertEquals(
        List.of(),
        outcome.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("Spot") || w.contains("scalesetpriority"))
            .toList());
    List<String> findings = findings(drift(List.of(dir.resolve("clusters").toString())).report());
    assertTrue(
        findings.stream().noneMatch(f -> f.contains("Priority") || f.contains("spotMaxPrice")),
        findings.toString());

    // On the InfiniBand fabric: the AKSCluster refuses it, so the pool is imported as Regular.
    ((ObjectNode) gpu.get("nodeLabels")).put("modelplane.ai/fabric", "infiniband");
    stubLegacy(cluster);
    ImportOutcome infiniband = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("infiniband"));
    assertEquals(List.of(), infiniband.errors());
    assertEquals(
        List.of(
            "pool gpuh100 runs on Spot VMs on the InfiniBand fabric, which the AKSCluster refuses;"
                + " it is imported as Regular, and the generated code would replace it with regular"
                + " VMs"),
        infiniband.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("Spot VMs"))
            .toList());
  }

  @Test
  void aMigPoolImportsItsProfileAndThenShowsNoDrift(@TempDir Path dir) throws IOException {
    ObjectNode cluster = legacyCluster();
    DriftFixtures.pool(cluster, "gpuh100").put("gpuInstanceProfile", "MIG7g");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    String written = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    assertTrue(written.contains("        migProfile: MIG7g\n"), written);
    List<String> findings = findings(drift(List.of(dir.resolve("clusters").toString())).report());
    assertTrue(
        findings.stream().noneMatch(f -> f.contains("gpuInstanceProfile")), findings.toString());
  }

  @Test
  void aClusterOnASubnetOutsideItsResourceGroupImportsAsSubnetIdAndThenShowsNoDrift(
      @TempDir Path dir) throws IOException {
    // A spoke subnet of a landing zone, returned in the lower-case form ARM sometimes uses.
    String spokeVnet = ArmStub.vnetPath("rg-spoke-network", "vnet-spoke");
    ObjectNode cluster = legacyCluster();
    for (JsonNode pool : DriftFixtures.pools(cluster)) {
      ((ObjectNode) pool)
          .put(
              "vnetSubnetID",
              spokeVnet.replace("/resourceGroups/", "/resourcegroups/") + "/subnets/snet-aks");
    }
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    String written = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    assertTrue(
        written.contains("\n  networking:\n    subnetId: " + spokeVnet + "/subnets/snet-aks\n"),
        written);
    assertFalse(written.contains("vnet-name"), written);
    assertFalse(written.contains("vnetCidr"), written);
    assertTrue(
        outcome.clusters().get(0).warnings().stream().noneMatch(w -> w.contains("VNet")),
        outcome.clusters().get(0).warnings().toString());
    DriftOutcome inSync = drift(List.of(dir.resolve("clusters").toString()));
    assertTrue(inSync.report().contains("\"inSync\" : 1"), inSync.report());
    assertEquals(List.of(), findings(inSync.report()));

    // A pool moved to another subnet is drift at that pool.
    ((ObjectNode) DriftFixtures.pool(cluster, "gpuh100"))
        .put("vnetSubnetID", spokeVnet + "/subnets/other");
    stubLegacy(cluster);
    String moved = drift(List.of(dir.resolve("clusters").toString())).report();
    List<String> found = findings(moved);
    assertEquals(1, found.size(), moved);
    assertTrue(found.get(0).contains("vnetSubnetID"), found.toString());
  }

  @Test
  void aGpuPoolThatSurgesIsImportedAsItsUpgradeAndUnexpressibleSettingsAreWarnings(
      @TempDir Path dir) throws IOException {
    ObjectNode cluster = legacyCluster();
    DriftFixtures.pool(cluster, "gpuh100")
        .putObject("upgradeSettings")
        .put("maxSurge", "10%")
        .put("maxUnavailable", "0")
        .put("drainTimeoutInMinutes", 90);
    DriftFixtures.pool(cluster, "system")
        .putObject("upgradeSettings")
        .put("maxSurge", "10%")
        .put("maxUnavailable", "2");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    List<String> upgrade =
        outcome.clusters().get(0).warnings().stream()
            .filter(w -> w.contains("on upgrade"))
            .toList();
    assertEquals(
        List.of(
            "pool system takes 2 nodes down at a time on upgrade, which upgrade.maxUnavailable"
                + " cannot hold on a System pool; the generated code surges instead"),
        upgrade);
    assertEquals(List.of(), outcome.errors());
    String yaml = Files.readString(dir.resolve("clusters/legacyaks01.yaml"));
    assertTrue(
        yaml.matches("(?s).*upgrade:\n +maxSurge: \"?10%\"?\n +drainTimeoutMinutes: 90\n.*"), yaml);
    // The System pool surges the generated code's default: no upgrade is written for it.
    assertEquals(1, yaml.split("upgrade:", -1).length - 1, yaml);
    assertEquals(List.of(), findings(drift(List.of(dir.resolve("clusters").toString())).report()));
  }

  @Test
  void aPrivateDnsZoneOtherThanNoneIsAWarningThatNamesTheReplacement(@TempDir Path dir) {
    ObjectNode cluster = legacyCluster();
    DriftFixtures.properties(cluster)
        .putObject("apiServerAccessProfile")
        .put("enablePrivateCluster", true)
        .put("privateDNSZone", "system");
    stubLegacy(cluster);
    ImportOutcome outcome = importOne(LEGACY_RG, LEGACY_NAME, dir.resolve("clusters"));

    List<String> warnings = outcome.clusters().get(0).warnings();
    assertTrue(
        warnings.contains(
            "the private API server's DNS zone is system; the generated code sets None, which Terraform applies by replacing the cluster"),
        warnings.toString());
    assertTrue(
        warnings.contains(
            "the private API server has no public FQDN; the generated code enables it (private_cluster_public_fqdn_enabled = true)"),
        warnings.toString());
  }

  @Test
  void resourceGraphImportsEveryClusterOfTheSubscriptionFromOneQuery(@TempDir Path dir)
      throws IOException {
    ObjectNode body = new ObjectMapper().createObjectNode();
    ArrayNode data = body.putArray("data");
    data.add(
        ArmStub.fixture("inference-cluster.json")
            .put("type", "microsoft.containerservice/managedclusters"));
    data.add(ArmStub.fixture("inference-vnet.json"));
    data.add(legacyCluster().put("type", "microsoft.containerservice/managedclusters"));
    data.add(legacyVnet());
    body.put("count", data.size()).put("totalRecords", data.size()).put("resultTruncated", "false");
    stub.stub(
        post(urlPathEqualTo(ArmStub.GRAPH_PATH)).willReturn(ArmStub.json(200, ArmStub.text(body))));
    stubInSync(stub);
    stubLegacy();

    ImportOutcome outcome =
        new AzureImportService(settings(stub))
            .importClusters(
                request(Optional.empty(), Optional.empty(), true, dir.resolve("clusters")),
                ProgressListener.SILENT);

    assertEquals(List.of(), outcome.errors());
    assertEquals(
        List.of("inference-westeurope.yaml", "legacyaks01.yaml"),
        outcome.clusters().stream().map(c -> c.file().getFileName().toString()).sorted().toList());
    // The query holds no maintenance configurations: two GETs per cluster read them.
    assertEquals(5, stub.armRequests(), "one Resource Graph query and two GETs per cluster");
    for (String cluster : List.of(INFERENCE_CLUSTER, LEGACY_CLUSTER)) {
      for (String name : List.of(Platform.MAINTENANCE_AUTO_UPGRADE, Platform.MAINTENANCE_NODE_OS)) {
        assertEquals(1, stub.requestsTo(cluster + "/maintenanceConfigurations/" + name), name);
      }
    }
    for (ImportOutcome.ImportedCluster cluster : outcome.clusters()) {
      assertEquals(List.of(), cluster.firstApplyChanges(), cluster.file().toString());
    }
    DriftOutcome drift = drift(List.of(dir.resolve("clusters").toString()));
    assertEquals(List.of(), findings(drift.report()));
    assertEquals(DriftOutcome.Status.IN_SYNC, drift.status());
  }

  @Test
  void whatTheGeneratedCodeWouldChangeIsListedBeforeAnythingIsApplied(@TempDir Path dir) {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    DriftFixtures.properties(cluster).putObject("aadProfile").put("clientAppID", "legacy");
    DriftFixtures.pool(cluster, "system").putArray("nodeTaints").add("dedicated=infra:NoSchedule");
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(ArmStub.fixture("inference-vnet.json")));

    ImportOutcome outcome = importOne(INFERENCE_RG, "inference-westeurope", dir);

    ImportOutcome.ImportedCluster imported = outcome.clusters().get(0);
    assertTrue(
        imported
            .warnings()
            .contains(
                "legacy Entra ID integration (aadProfile without managed) is set; the AKSCluster cannot express it and the generated code does not set it"),
        imported.warnings().toString());
    assertTrue(
        imported
            .warnings()
            .contains(
                "pool system has the taint dedicated=infra:NoSchedule, which the AKSCluster cannot express; the generated code removes it"));
    assertEquals(
        List.of(
            "medium unexpected agentPoolProfiles[system].nodeTaints (spec.nodePools[0]): live dedicated=infra:NoSchedule, generated (absent)"),
        imported.firstApplyChanges());
  }

  /**
   * The seed cluster as a cluster Modelplane did not build would hold it: the ND-series pool has no
   * {@code modelplane.ai/fabric} label; the subscription's AKSInfinibandSupport answers {@code
   * featureStatus} with {@code featureBody} (null: no answer stubbed, so the read fails).
   */
  private static void stubUnlabelled(int featureStatus, String featureState) {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    ((ObjectNode) DriftFixtures.pool(cluster, "gpuh100").get("nodeLabels"))
        .remove("modelplane.ai/fabric");
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(ArmStub.fixture("inference-vnet.json")));
    if (featureState != null) {
      ObjectNode feature = ArmStub.fixture("feature-registered.json");
      ((ObjectNode) feature.get("properties")).put("state", featureState);
      stub.getReturns(ArmStub.FEATURE_PATH, featureStatus, ArmStub.text(feature));
    } else {
      stub.getReturns(
          ArmStub.FEATURE_PATH,
          featureStatus,
          ArmStub.armError("AuthorizationFailed", "no read on Microsoft.Features"));
    }
  }

  private static List<String> fabricWarnings(ImportOutcome outcome) {
    return outcome.clusters().get(0).warnings().stream().filter(w -> w.contains("fabric")).toList();
  }

  @Test
  void anUnlabelledInfiniBandPoolOnASubscriptionWithoutTheFeatureImportsAsNone(@TempDir Path dir)
      throws IOException {
    stubUnlabelled(200, "NotRegistered");
    ImportOutcome outcome =
        importOne(INFERENCE_RG, "inference-westeurope", dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    assertEquals(1, stub.requestsTo(ArmStub.FEATURE_PATH), "the feature is read once");
    Path file = dir.resolve("clusters/inference-westeurope.yaml");
    String text = Files.readString(file);
    assertFalse(text.contains("\n      fabric:"), text);
    assertEquals(List.of(), fabricWarnings(outcome));
    // Import, generate --adopt, drift: in sync, and no network operator or DOCA driver is
    // installed on the pool.
    roundTrip(outcome, file, dir.resolve("out"), "platform/inference-westeurope");
    String inCluster =
        Files.readString(
            dir.resolve("out/platform/inference-westeurope/terraform/in-cluster/main.tf"));
    assertFalse(inCluster.contains("nvidia_network_operator"), inCluster);
    assertFalse(
        Files.readString(dir.resolve("out/platform/inference-westeurope/terraform/main.tf"))
            .contains("AKSInfinibandSupport"));
  }

  @Test
  void anUnlabelledInfiniBandPoolWhoseFeatureCannotBeReadImportsAsNoneWithAWarning(
      @TempDir Path dir) throws IOException {
    stubUnlabelled(403, null);
    ImportOutcome outcome =
        importOne(INFERENCE_RG, "inference-westeurope", dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    Path file = dir.resolve("clusters/inference-westeurope.yaml");
    String text = Files.readString(file);
    assertFalse(text.contains("\n      fabric:"), text);
    List<String> warnings = fabricWarnings(outcome);
    assertEquals(1, warnings.size(), outcome.clusters().get(0).warnings().toString());
    assertTrue(
        warnings
            .get(0)
            .startsWith(
                "pool gpuh100 has an InfiniBand size, no modelplane.ai/fabric label, and the"
                    + " subscription's Microsoft.ContainerService/AKSInfinibandSupport registration"
                    + " could not be read; its fabric cannot be decided, so it is imported as fabric"
                    + " None"),
        warnings.get(0));
    // The warning is a comment of the file too.
    assertTrue(text.contains("#   - pool gpuh100 has an InfiniBand size, no"), text);
    roundTrip(outcome, file, dir.resolve("out"), "platform/inference-westeurope");
  }

  @Test
  void anUnlabelledInfiniBandPoolOnASubscriptionWithTheFeatureImportsAsInfiniBand(@TempDir Path dir)
      throws IOException {
    stubUnlabelled(200, "Registered");
    ImportOutcome outcome =
        importOne(INFERENCE_RG, "inference-westeurope", dir.resolve("clusters"));

    assertEquals(List.of(), outcome.errors());
    String text = Files.readString(dir.resolve("clusters/inference-westeurope.yaml"));
    assertTrue(text.contains("      fabric: InfiniBand\n"), text);
    assertEquals(1, fabricWarnings(outcome).size(), fabricWarnings(outcome).toString());
    // The first apply adds the fabric label the NicClusterPolicy selects nodes by.
    assertTrue(
        outcome.clusters().get(0).firstApplyChanges().stream()
            .anyMatch(change -> change.contains("modelplane.ai/fabric")),
        outcome.clusters().get(0).firstApplyChanges().toString());
  }

  @Test
  void neverOverwritesAFileItDidNotWrite(@TempDir Path dir) throws IOException {
    stubInSync(stub);
    Path file = dir.resolve("inference-westeurope.yaml");
    Files.writeString(file, "# my own notes\n");

    ImportOutcome outcome = importOne(INFERENCE_RG, "inference-westeurope", dir);

    assertEquals(
        List.of(
            file
                + " exists and was not written by modelplane import; move it away or choose another --out"),
        outcome.errors());
    assertEquals("# my own notes\n", Files.readString(file));
    // A file import wrote itself is replaced by the next import.
    Files.delete(file);
    assertEquals(List.of(), importOne(INFERENCE_RG, "inference-westeurope", dir).errors());
    assertEquals(List.of(), importOne(INFERENCE_RG, "inference-westeurope", dir).errors());
  }

  @Test
  void neverWritesASecondManifestForALiveClusterTheFolderAlreadyDescribes(@TempDir Path dir)
      throws IOException {
    stubInSync(stub);
    assertEquals(List.of(), importOne(INFERENCE_RG, "inference-westeurope", dir).errors());
    // The same live cluster, already in the folder under another file name (an earlier import,
    // moved into a team's folder).
    Path first = dir.resolve("inference-westeurope.yaml");
    Path team = dir.resolve("team-b/inference.yaml");
    Files.createDirectories(team.getParent());
    Files.move(first, team);

    ImportOutcome outcome = importOne(INFERENCE_RG, "inference-westeurope", dir);

    assertEquals(1, outcome.errors().size(), outcome.errors().toString());
    String error = outcome.errors().get(0);
    assertTrue(error.contains("inference.yaml:"), error);
    assertTrue(
        error.contains("(AKSCluster platform/inference-westeurope) already describes"), error);
    assertTrue(error.contains("writing " + first + " too would give it two outputs"), error);
    assertFalse(Files.exists(first), "a second manifest was written");
  }

  @Test
  void aMissingClusterIsAnErrorAndWritesNothing(@TempDir Path dir) throws IOException {
    stub.getReturns(INFERENCE_CLUSTER, 404, ArmStub.armError("ResourceNotFound", "not found"));

    ImportOutcome outcome = importOne(INFERENCE_RG, "inference-westeurope", dir);

    assertEquals(
        List.of("no managed cluster inference-westeurope in resource group " + INFERENCE_RG),
        outcome.errors());
    try (var files = Files.list(dir)) {
      assertEquals(0, files.count());
    }
  }

  /**
   * validate, generate --adopt (both targets), drift: the imported document describes the live
   * cluster.
   */
  private static void roundTrip(ImportOutcome outcome, Path file, Path out, String clusterFolder)
      throws IOException {
    assertEquals(List.of(), outcome.clusters().get(0).firstApplyChanges());
    ValidationResult validation =
        new Validator(CrdSchema.bundled())
            .validate(List.of(InputSource.file(file, file.getFileName().toString())));
    assertEquals(
        List.of(),
        validation.diagnostics().stream()
            .filter(Diagnostic::isError)
            .map(Diagnostic::format)
            .toList());
    assertEquals(1, validation.clusters().size());

    GenerationResult generated =
        Generator.generate(
            GenerationRequest.of(
                    List.of(file.toString()), ROOT, out, Set.of(Target.TERRAFORM, Target.BICEP))
                .withAdopt(true),
            ProgressListener.SILENT);
    assertFalse(generated.written().isEmpty());
    assertTrue(Files.isRegularFile(out.resolve(clusterFolder + "/terraform/imports.tf")));
    // No in-cluster import: the cluster may lack the StorageClass, namespace and releases, and an
    // import of a missing object fails the first plan.
    assertFalse(Files.exists(out.resolve(clusterFolder + "/terraform/in-cluster/imports.tf")));

    DriftOutcome drift = drift(List.of(file.toString()));
    assertEquals(List.of(), findings(drift.report()));
    assertEquals(DriftOutcome.Status.IN_SYNC, drift.status());
  }

  private static DriftOutcome drift(List<String> inputs) {
    return new AzureDriftService(settings(stub))
        .check(DriftTestSupport.request(stub, "json", inputs), ProgressListener.SILENT);
  }

  /**
   * The ARM ids of what the stand-in serves: the group, the VNet, its node subnet, the cluster and
   * every further pool.
   */
  private static Set<String> expectedIds(
      String group, String cluster, String vnet, String subnet, ObjectNode liveCluster) {
    Set<String> ids = new TreeSet<>();
    ids.add("/subscriptions/" + ArmStub.SUBSCRIPTION + "/resourceGroups/" + group);
    ids.add(vnet);
    ids.add(vnet + "/subnets/" + subnet);
    ids.add(cluster);
    for (JsonNode pool : DriftFixtures.pools(liveCluster)) {
      if (!pool.get("mode").asText().equals("System")) {
        ids.add(cluster + "/agentPools/" + pool.get("name").asText());
      }
    }
    // Every pool's live subnet id is the subnet imported.
    for (JsonNode pool : DriftFixtures.pools(liveCluster)) {
      assertTrue(ids.contains(pool.get("vnetSubnetID").asText()), pool.toString());
    }
    return ids;
  }

  /** The ids of the root's import blocks, with the subscription the stand-in serves. */
  private static Set<String> importIds(Path importsTf) throws IOException {
    List<String> ids = new ArrayList<>();
    Matcher m = IMPORT_ID.matcher(Files.readString(importsTf));
    while (m.find()) {
      ids.add(
          m.group(1)
              .replace(
                  "${data.azurerm_client_config.adopt.subscription_id}", ArmStub.SUBSCRIPTION));
    }
    assertEquals(ids.size(), new TreeSet<>(ids).size(), "one block per id");
    return new TreeSet<>(ids);
  }
}
