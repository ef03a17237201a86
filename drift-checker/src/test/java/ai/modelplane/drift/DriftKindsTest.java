package ai.modelplane.drift;

import static ai.modelplane.drift.DriftFixtures.pool;
import static ai.modelplane.drift.DriftFixtures.pools;
import static ai.modelplane.drift.DriftFixtures.properties;
import static ai.modelplane.drift.DriftTestSupport.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftOutcome.Status;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One kind of drift at a time, on the reference example, through the real SDK and the local ARM
 * stand-in.
 */
class DriftKindsTest {
  @RegisterExtension static final ArmStub stub = new ArmStub();

  record Live(ObjectNode cluster, ObjectNode vnet, ObjectNode feature) {}

  static Arguments kind(String name, Consumer<Live> edit, String... findings) {
    return Arguments.of(name, edit, List.of(findings));
  }

  static Stream<Arguments> kinds() {
    return Stream.of(
        kind(
            "kubernetes minor version",
            live -> properties(live.cluster()).put("kubernetesVersion", "1.33.5"),
            "high changed spec.kubernetesVersion kubernetesVersion: 1.35 -> 1.33.5"),
        kind(
            "pool version lags",
            live -> pool(live.cluster(), "gpuh100").put("orchestratorVersion", "1.33"),
            "medium changed spec.kubernetesVersion agentPoolProfiles[gpuh100].orchestratorVersion: 1.35 -> 1.33"),
        kind(
            "pod CIDR and plugin mode",
            live -> {
              ObjectNode network = (ObjectNode) properties(live.cluster()).get("networkProfile");
              network.put("podCidr", "10.245.0.0/16");
              network.remove("networkPluginMode");
            },
            "high changed spec.networking networkProfile.networkPluginMode: overlay -> (absent)",
            "high changed spec.networking networkProfile.podCidr: 10.244.0.0/16 -> 10.245.0.0/16"),
        kind(
            "VNet and subnet CIDRs",
            live -> {
              properties(live.vnet())
                  .putObject("addressSpace")
                  .putArray("addressPrefixes")
                  .add("10.0.0.0/16")
                  .add("10.9.0.0/16");
              ((ObjectNode) properties(live.vnet()).get("subnets").get(0).get("properties"))
                  .put("addressPrefix", "10.0.16.0/20");
            },
            "high changed spec.networking.subnetCidr virtualNetworks/vnet-inference-westeurope/subnets/snet-nodes.addressPrefix: 10.0.0.0/20 -> 10.0.16.0/20",
            "high changed spec.networking.vnetCidr virtualNetworks/vnet-inference-westeurope.addressSpace.addressPrefixes: 10.0.0.0/16 -> 10.0.0.0/16, 10.9.0.0/16"),
        kind(
            "subnet deleted",
            live -> properties(live.vnet()).putArray("subnets"),
            "high missing spec.networking.subnetCidr virtualNetworks/vnet-inference-westeurope/subnets/snet-nodes: subnet snet-nodes -> (absent)"),
        kind(
            "VM size and mode",
            live ->
                pool(live.cluster(), "gpuh100")
                    .put("vmSize", "Standard_NC24ads_A100_v4")
                    .put("mode", "System"),
            "high changed spec.nodePools[1].role agentPoolProfiles[gpuh100].mode: User -> System",
            "high changed spec.nodePools[1].vmSize agentPoolProfiles[gpuh100].vmSize: Standard_ND96isr_H100_v5 -> Standard_NC24ads_A100_v4"),
        kind(
            "OS disk and zones",
            live -> {
              pool(live.cluster(), "system").put("osDiskSizeGB", 128);
              pool(live.cluster(), "system").putArray("availabilityZones").add("2").add("1");
            },
            "medium changed spec.nodePools[0].diskSizeGb agentPoolProfiles[system].osDiskSizeGB: 100 -> 128",
            "medium changed spec.nodePools[0].zones agentPoolProfiles[system].availabilityZones: [] -> [1, 2]"),
        kind(
            "autoscaler bounds",
            live -> pool(live.cluster(), "gpuh100").put("minCount", 2).put("maxCount", 4),
            "medium changed spec.nodePools[1].maxNodeCount agentPoolProfiles[gpuh100].maxCount: 8 -> 4",
            "medium changed spec.nodePools[1].minNodeCount agentPoolProfiles[gpuh100].minCount: 1 -> 2"),
        kind(
            "autoscaling switched off",
            live ->
                pool(live.cluster(), "system")
                    .put("enableAutoScaling", false)
                    .remove(List.of("minCount", "maxCount")),
            "medium changed spec.nodePools[0] agentPoolProfiles[system].enableAutoScaling: true -> false"),
        kind(
            "node count above the autoscaler maximum",
            live -> pool(live.cluster(), "gpuh100").put("count", 9),
            "low changed spec.nodePools[1].maxNodeCount agentPoolProfiles[gpuh100].count: 1..8 -> 9"),
        kind(
            "labels: changed, removed, added",
            live -> {
              ObjectNode labels = (ObjectNode) pool(live.cluster(), "gpuh100").get("nodeLabels");
              labels.put("modelplane.ai/gpu", "nvidia-a100");
              labels.remove("modelplane.ai/fabric");
              labels.put("team", "research");
            },
            "medium missing spec.nodePools[1].fabric agentPoolProfiles[gpuh100].nodeLabels[\"modelplane.ai/fabric\"]: infiniband -> (absent)",
            "medium changed spec.nodePools[1].gpu.acceleratorType agentPoolProfiles[gpuh100].nodeLabels[\"modelplane.ai/gpu\"]: nvidia-h100 -> nvidia-a100",
            "low unexpected spec.nodePools[1] agentPoolProfiles[gpuh100].nodeLabels[\"team\"]: (absent) -> research"),
        kind(
            "taints: GPU taint gone, another added",
            live ->
                pool(live.cluster(), "gpuh100")
                    .putArray("nodeTaints")
                    .add("dedicated=ml:NoExecute"),
            "medium unexpected spec.nodePools[1] agentPoolProfiles[gpuh100].nodeTaints: (absent) -> dedicated=ml:NoExecute",
            "medium missing spec.nodePools[1].role agentPoolProfiles[gpuh100].nodeTaints: nvidia.com/gpu=true:NoSchedule -> (absent)"),
        kind(
            "GPU driver not installed by AKS",
            live -> pool(live.cluster(), "gpuh100").putObject("gpuProfile").put("driver", "None"),
            "high changed spec.nodePools[1].role agentPoolProfiles[gpuh100].gpuProfile.driver: Install -> None"),
        kind(
            "tags added outside the code, workload identity turned on",
            live -> {
              live.cluster().putObject("tags").put("CreatedBy", "policy");
              pool(live.cluster(), "gpuh100").putObject("tags").put("team", "research");
              properties(live.cluster())
                  .putObject("securityProfile")
                  .putObject("workloadIdentity")
                  .put("enabled", true);
            },
            "medium changed spec.workloadIdentity securityProfile.workloadIdentity.enabled: false -> true",
            "low unexpected spec.tags agentPoolProfiles[gpuh100].tags[team]: (absent) -> research",
            "low unexpected spec.tags tags[CreatedBy]: (absent) -> policy"),
        kind(
            "Entra ID turned on and local accounts off outside the code",
            live -> {
              properties(live.cluster()).put("disableLocalAccounts", true);
              properties(live.cluster())
                  .putObject("aadProfile")
                  .put("managed", true)
                  .put("enableAzureRBAC", true);
            },
            "high changed spec.authentication.mode aadProfile.managed: false -> true",
            "high changed spec.authentication.mode disableLocalAccounts: false -> true"),
        kind(
            "pool missing",
            live -> pools(live.cluster()).remove(1),
            "high missing spec.nodePools[1] agentPoolProfiles[gpuh100]: agent pool gpuh100 -> (absent)"),
        kind(
            "pools not in the YAML",
            live -> {
              pools(live.cluster())
                  .addObject()
                  .put("name", "spare")
                  .put("mode", "User")
                  .put("vmSize", "Standard_D4s_v5");
              pools(live.cluster())
                  .addObject()
                  .put("name", "gpuh100tmp")
                  .put("mode", "User")
                  .put("vmSize", "Standard_ND96isr_H100_v5");
            },
            "medium unexpected spec.nodePools agentPoolProfiles[spare]: (absent) -> agent pool spare",
            "low unexpected spec.nodePools agentPoolProfiles[gpuh100tmp]: (absent) -> agent pool gpuh100tmp (temporary pool of an unfinished pool replacement)"),
        kind(
            "API server made private",
            live ->
                properties(live.cluster())
                    .putObject("apiServerAccessProfile")
                    .put("enablePrivateCluster", true),
            "high changed spec.endpointAccess apiServerAccessProfile.enablePrivateCluster: false -> true"),
        kind(
            "InfiniBand feature not registered",
            live -> properties(live.feature()).put("state", "NotRegistered"),
            "high changed spec.nodePools[1].fabric features/Microsoft.ContainerService/AKSInfinibandSupport.state: Registered -> NotRegistered"),
        kind(
            "location and names fixed at creation",
            live -> {
              live.cluster().put("location", "northeurope");
              properties(live.cluster())
                  .put("dnsPrefix", "inference-we")
                  .put("nodeResourceGroup", "MC_rg_inference_westeurope");
            },
            "high changed spec.location location: westeurope -> northeurope",
            "low changed metadata.name dnsPrefix: inference-westeurope -> inference-we",
            "low changed metadata.name nodeResourceGroup: rg-platform_inference-westeurope-nodes -> MC_rg_inference_westeurope"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void reportsEachKindOfDrift(String name, Consumer<Live> edit, List<String> expected) {
    Live live =
        new Live(
            ArmStub.fixture("inference-cluster.json"),
            ArmStub.fixture("inference-vnet.json"),
            ArmStub.fixture("feature-registered.json"));
    edit.accept(live);
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(live.cluster()));
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(live.vnet()));
    stub.getReturns(ArmStub.FEATURE_PATH, 200, ArmStub.text(live.feature()));

    DriftOutcome outcome = checkInference(stub, "json");

    assertEquals(Status.DRIFT, outcome.status());
    assertEquals(expected, findings(outcome.report()));
    assertEquals(5, stub.armRequests());
  }

  @Test
  void textAndMarkdownReportsOfDrift() {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    pool(cluster, "gpuh100").put("vmSize", "Standard_NC24ads_A100_v4").put("maxCount", 4);
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(ArmStub.fixture("inference-vnet.json")));
    stubFeatureRegistered(stub);

    DriftOutcome text = checkInference(stub, "text");
    DriftOutcome markdown =
        check(stub, settings(stub), request(stub, "markdown", List.of(INFERENCE)));

    assertEquals(
        """
        platform/inference-westeurope (examples/inference-westeurope.yaml): DRIFT, 2 finding(s)
          managed cluster inference-westeurope in resource group rg-platform_inference-westeurope, 4 ARM request(s)
          SEVERITY  KIND     PATH                            AZURE PROPERTY                       DESIRED                   LIVE
          high      changed  spec.nodePools[1].vmSize        agentPoolProfiles[gpuh100].vmSize    Standard_ND96isr_H100_v5  Standard_NC24ads_A100_v4
          medium    changed  spec.nodePools[1].maxNodeCount  agentPoolProfiles[gpuh100].maxCount  8                         4

        1 cluster(s): 0 in sync, 1 with drift, 0 could not be checked; 5 ARM request(s) in subscription 00000000-0000-0000-0000-000000000001
        """,
        text.report());
    assertEquals(
        """
        ## Drift check: drift found

        1 cluster(s): 0 in sync, 1 with drift, 0 could not be checked; 5 ARM request(s) in subscription 00000000-0000-0000-0000-000000000001.

        ### `platform/inference-westeurope` drift (2)

        Source `examples/inference-westeurope.yaml`, managed cluster `inference-westeurope` in resource group `rg-platform_inference-westeurope`.

        | Severity | Kind | Path | Azure property | Desired | Live |
        | --- | --- | --- | --- | --- | --- |
        | high | changed | `spec.nodePools[1].vmSize` | `agentPoolProfiles[gpuh100].vmSize` | Standard_ND96isr_H100_v5 | Standard_NC24ads_A100_v4 |
        | medium | changed | `spec.nodePools[1].maxNodeCount` | `agentPoolProfiles[gpuh100].maxCount` | 8 | 4 |
        """,
        markdown.report());
  }

  /**
   * A private cluster (spec.endpointAccess Private) is in sync only when its API server is private.
   */
  @Test
  void aPrivateClusterIsComparedWithItsApiServerAccessProfile(@TempDir Path folder)
      throws IOException {
    Path yaml = folder.resolve("private.yaml");
    Files.writeString(
        yaml,
        Files.readString(ROOT.resolve(INFERENCE))
            .replace(
                "  kubernetesVersion: \"1.35\"\n",
                "  kubernetesVersion: \"1.35\"\n  endpointAccess: Private\n"));
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    stubInSync(stub);
    DriftOutcome publicLive =
        check(stub, settings(stub), request(stub, "json", List.of(yaml.toString())));
    assertEquals(Status.DRIFT, publicLive.status());
    assertEquals(
        List.of(
            "high changed spec.endpointAccess apiServerAccessProfile.enablePrivateCluster: true -> false"),
        findings(publicLive.report()));

    stub.reset();
    properties(cluster)
        .putObject("apiServerAccessProfile")
        .put("enablePrivateCluster", true)
        .put("enablePrivateClusterPublicFQDN", true)
        .put("privateDNSZone", "none");
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(ArmStub.fixture("inference-vnet.json")));
    stubFeatureRegistered(stub);
    DriftOutcome privateLive =
        check(stub, settings(stub), request(stub, "json", List.of(yaml.toString())));
    assertEquals(List.of(), findings(privateLive.report()), privateLive.report());
    assertEquals(Status.IN_SYNC, privateLive.status());
  }
}
