package ai.modelplane.generator.lifecycle;

import static ai.modelplane.generator.diff.Consequence.CLUSTER_CREATED;
import static ai.modelplane.generator.diff.Consequence.CLUSTER_RECREATED;
import static ai.modelplane.generator.diff.Consequence.CLUSTER_REMOVED;
import static ai.modelplane.generator.diff.Consequence.IN_PLACE;
import static ai.modelplane.generator.diff.Consequence.NO_AZURE_CHANGE;
import static ai.modelplane.generator.diff.Consequence.POOL_CREATED;
import static ai.modelplane.generator.diff.Consequence.POOL_DELETED;
import static ai.modelplane.generator.diff.Consequence.POOL_RECREATED;
import static ai.modelplane.generator.diff.Consequence.REFUSED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diff.ChangeFacts;
import ai.modelplane.generator.diff.ClusterDiff;
import ai.modelplane.generator.diff.Consequence;
import ai.modelplane.generator.diff.DiffReport;
import ai.modelplane.generator.diff.GpuCapacity;
import ai.modelplane.generator.diff.ModelDiff;
import ai.modelplane.generator.diff.Revision;
import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.lifecycle.TerraformTree.Root;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The changes people make to a cluster over its life, each checked three ways: what {@code diff}
 * says for each target is what this table expects; the trees generated before and after lead to the
 * same consequence (Terraform compared resource by resource against azurerm's ForceNew table, Bicep
 * module by module against what ARM and AKS allow on redeployment); and after every step of a
 * sequence, each Terraform root still requires and configures the providers that the resources its
 * previous revision created need to be refreshed and destroyed.
 */
class LifecycleTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /**
   * Attributes whose change Terraform sends as an update and Azure refuses: a subnet's prefix while
   * NICs use it (InUseSubnetCannotBeUpdated), a Kubernetes minor skipped or a downgrade (AKS docs
   * upgrade-aks-control-plane.md:42, upgrade-node-pools.md:106); docs/facts/day2-provider-facts.md
   * problem 4. The versions go out through the azapi updates (azurerm's own version attributes are
   * under ignore_changes). The Entra ID block is refused only when it goes away (AKS docs
   * entra-id-control-plane-authentication.md:25): adding it or changing its groups is an update,
   * and the table's edits that only add or change it expect IN_PLACE, which this set does not
   * judge.
   */
  private static final Set<String> AZURE_REFUSES =
      Set.of(
          "azurerm_kubernetes_cluster.azure_active_directory_role_based_access_control",
          "azurerm_subnet.address_prefixes",
          "azapi_update_resource.body.properties.kubernetesVersion",
          "azapi_update_resource.body.properties.orchestratorVersion");

  /**
   * Attributes whose removal Terraform sends as an update that leaves Azure as it was: azurerm
   * v5.2.0 sets authorizedIPRanges only from a non-empty list
   * (internal/services/containers/kubernetes_cluster_resource.go:3361-3366), so the cluster keeps
   * its ranges; os_sku is Optional and Computed (kubernetes_cluster_node_pool_resource.go:303-306,
   * kubernetes_nodepool.go:184-187), so the pool keeps the OS SKU azurerm read.
   */
  private static final Set<String> PROVIDER_SENDS_NOTHING =
      Set.of(
          "azurerm_kubernetes_cluster.api_server_access_profile.authorized_ip_ranges",
          "azurerm_kubernetes_cluster.default_node_pool.os_sku",
          "azurerm_kubernetes_cluster_node_pool.os_sku");

  /**
   * Attributes whose change azurerm carries out by rotating the pool onto the new subnet (a
   * temporary pool, kubernetes_cluster_resource.go:2684, kubernetes_cluster_node_pool_resource.go:
   * 965), which AKS refuses when the subnet is in another virtual network: all pools of a cluster
   * stay in one (AKS docs create-node-pools.md:57).
   */
  private static final Set<String> ROTATED_ONTO_ANOTHER_NETWORK =
      Set.of(
          "azurerm_kubernetes_cluster.default_node_pool.vnet_subnet_id",
          "azurerm_kubernetes_cluster_node_pool.vnet_subnet_id");

  @TempDir Path temp;

  /** One edit of an example: what a user changes, and what each target must do about it. */
  record Edit(
      String example,
      String what,
      Consumer<ObjectNode> change,
      Consequence terraform,
      Consequence bicep,
      Optional<DiagnosticCode> rejectedAs) {
    Edit(
        String example,
        String what,
        Consumer<ObjectNode> change,
        Consequence terraform,
        Consequence bicep) {
      this(example, what, change, terraform, bicep, Optional.empty());
    }

    /**
     * An edit that validation (and so {@code generate} and {@code diff}) refuses with an error at
     * the field, before either target could send it to Azure.
     */
    static Edit rejected(
        String example, String what, Consumer<ObjectNode> change, DiagnosticCode code) {
      return new Edit(example, what, change, REFUSED, REFUSED, Optional.of(code));
    }

    @Override
    public String toString() {
      return example + ": " + what;
    }
  }

  static final String SEED = "inference-westeurope";
  static final String MULTI = "multi-pool";
  static final String PRIVATE = "private-cluster";
  static final String LANDING_ZONE = "landing-zone";
  static final String ECONOMICS = "gpu-economics";

  /** A spoke subnet in another resource group, as a landing zone provides it. */
  private static final String EXISTING_SUBNET =
      "/subscriptions/11111111-2222-3333-4444-555555555555/resourceGroups/rg-spoke-weu-network"
          + "/providers/Microsoft.Network/virtualNetworks/vnet-spoke-weu/subnets/snet-aks-nodes";

  /**
   * The seed example as {@code import} writes an adopted cluster: every Azure name recorded in an
   * annotation, none of them what {@code Naming} would derive.
   */
  static final String ADOPTED = "inference-westeurope, adopted";

  private static final Map<String, String> LIVE_NAMES =
      Map.of(
          "resource-group", "rg-aks-prod-weu",
          "node-resource-group", "mc-aks-prod-weu-nodes",
          "cluster-name", "aks-prod-weu",
          "dns-prefix", "aks-prod-weu-dns",
          "vnet-name", "vnet-aks-prod",
          "subnet-name", "snet-aks");

  /** Every edit of each naming annotation: a new live name, and the annotation removed. */
  private static Stream<Edit> annotationEdits() {
    Map<String, Consequence[]> consequences =
        Map.of(
            // A new cluster that asks for the node resource group the old one still holds.
            "resource-group", new Consequence[] {CLUSTER_RECREATED, REFUSED},
            "cluster-name", new Consequence[] {CLUSTER_RECREATED, REFUSED},
            // Names AKS fixes when it creates the cluster.
            "node-resource-group", new Consequence[] {CLUSTER_RECREATED, REFUSED},
            "dns-prefix", new Consequence[] {CLUSTER_RECREATED, REFUSED},
            // The subnet the nodes use would be deleted.
            "vnet-name", new Consequence[] {REFUSED, REFUSED},
            "subnet-name", new Consequence[] {REFUSED, REFUSED});
    return new TreeSet<>(consequences.keySet())
        .stream()
            .flatMap(
                key -> {
                  Consequence[] c = consequences.get(key);
                  return Stream.of(
                      new Edit(
                          ADOPTED,
                          key + " annotation changed",
                          d -> annotations(d).put(PREFIX + key, LIVE_NAMES.get(key) + "2"),
                          c[0],
                          c[1]),
                      new Edit(
                          ADOPTED,
                          key + " annotation removed",
                          d -> annotations(d).remove(PREFIX + key),
                          c[0],
                          c[1]));
                });
  }

  private static final String PREFIX = "infrastructure.modelplane.ai/";

  static Stream<Edit> edits() {
    return Stream.concat(baseEdits(), annotationEdits());
  }

  private static Stream<Edit> baseEdits() {
    return Stream.of(
        new Edit(
            SEED,
            "Kubernetes 1.35 -> 1.36",
            d -> spec(d).put("kubernetesVersion", "1.36"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "Kubernetes 1.35 -> 1.37 skips a minor",
            d -> spec(d).put("kubernetesVersion", "1.37"),
            REFUSED,
            REFUSED),
        Edit.rejected(
            SEED,
            "Kubernetes 1.35 -> 1.35.3 pins a patch under the patch upgrade channel",
            d -> spec(d).put("kubernetesVersion", "1.35.3"),
            DiagnosticCode.MP417),
        new Edit(
            MULTI,
            "Kubernetes 1.35 -> 1.34 is a downgrade",
            d -> spec(d).put("kubernetesVersion", "1.34"),
            REFUSED,
            REFUSED),
        new Edit(
            SEED,
            "vnetCidr widened",
            d -> networking(d).put("vnetCidr", "10.0.0.0/15"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "subnetCidr narrowed",
            d -> networking(d).put("subnetCidr", "10.20.0.0/21"),
            REFUSED,
            REFUSED),
        new Edit(
            SEED,
            "location changed",
            d -> spec(d).put("location", "northeurope"),
            CLUSTER_RECREATED,
            REFUSED),
        new Edit(
            SEED,
            "endpointAccess Public -> Private",
            d -> spec(d).put("endpointAccess", "Private"),
            CLUSTER_RECREATED,
            REFUSED),
        new Edit(
            MULTI,
            "endpointAccess Public -> Private",
            d -> spec(d).put("endpointAccess", "Private"),
            CLUSTER_RECREATED,
            REFUSED),
        new Edit(
            PRIVATE,
            "endpointAccess Private -> Public",
            d -> spec(d).put("endpointAccess", "Public"),
            CLUSTER_RECREATED,
            REFUSED),
        new Edit(
            SEED,
            "tags added",
            d -> spec(d).putObject("tags").put("cost-center", "4711").put("environment", "prod"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "tags added",
            d -> spec(d).putObject("tags").put("owner", "GPU platform team"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "workloadIdentity false -> true",
            d -> spec(d).put("workloadIdentity", true),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            PRIVATE,
            "workloadIdentity false -> true",
            d -> spec(d).put("workloadIdentity", true),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "authentication LocalAccounts -> EntraID",
            LifecycleTest::entraIdWithAnAdminGroup,
            IN_PLACE,
            IN_PLACE),
        // The private root's command then carries the runner's token (write-only, not in state).
        new Edit(
            PRIVATE,
            "authentication LocalAccounts -> EntraID",
            LifecycleTest::entraIdWithAnAdminGroup,
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "authentication LocalAccounts -> EntraID without admin groups",
            d -> spec(d).putObject("authentication").put("mode", "EntraID"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            LANDING_ZONE,
            "authentication EntraID -> LocalAccounts",
            d -> spec(d).remove("authentication"),
            REFUSED,
            REFUSED),
        new Edit(
            LANDING_ZONE,
            "adminGroupObjectIds changed",
            d ->
                ((ObjectNode) spec(d).get("authentication"))
                    .putArray("adminGroupObjectIds")
                    .add("0b9d4f3e-1c2a-4e5f-8a7b-6c5d4e3f2a10"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "maintenance added: SecurityPatch, auto-upgrades on Saturday night",
            d -> {
              ObjectNode maintenance = spec(d).putObject("maintenance");
              maintenance.put("nodeOsUpgradeChannel", "SecurityPatch");
              maintenance
                  .putObject("autoUpgradeWindow")
                  .put("dayOfWeek", "Saturday")
                  .put("startTime", "22:00")
                  .put("durationHours", 6);
            },
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "maintenance nodeOsWindow moved to Wednesday, 8 hours",
            d ->
                ((ObjectNode) spec(d).get("maintenance").get("nodeOsWindow"))
                    .put("dayOfWeek", "Wednesday")
                    .put("durationHours", 8),
            IN_PLACE,
            IN_PLACE),
        // AKS reimages the nodes for this transition (auto-upgrade-node-os-image.md:41-51), in
        // place.
        new Edit(
            ECONOMICS,
            "maintenance nodeOsUpgradeChannel NodeImage -> Unmanaged",
            d -> ((ObjectNode) spec(d).get("maintenance")).put("nodeOsUpgradeChannel", "Unmanaged"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "maintenance removed: back to the generator's windows",
            d -> spec(d).remove("maintenance"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "authorizedIpRanges added",
            d ->
                spec(d).putObject("apiServer").putArray("authorizedIpRanges").add("203.0.113.0/24"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            LANDING_ZONE,
            "authorizedIpRanges narrowed",
            d -> ((ArrayNode) spec(d).get("apiServer").get("authorizedIpRanges")).remove(1),
            IN_PLACE,
            IN_PLACE),
        // azurerm sends no list for an empty one: the update goes out, the ranges stay.
        new Edit(
            LANDING_ZONE,
            "authorizedIpRanges removed",
            d -> spec(d).remove("apiServer"),
            NO_AZURE_CHANGE,
            IN_PLACE),
        new Edit(
            SEED,
            "own VNet -> an existing subnet (subnetId)",
            d -> networking(d).put("subnetId", EXISTING_SUBNET),
            REFUSED,
            REFUSED),
        new Edit(
            LANDING_ZONE,
            "existing subnet -> own VNet (subnetId removed)",
            d -> networking(d).remove("subnetId"),
            REFUSED,
            REFUSED),
        new Edit(
            LANDING_ZONE,
            "existing subnet -> another subnet of the same VNet",
            d ->
                networking(d)
                    .put(
                        "subnetId",
                        networking(d).get("subnetId").asText().replace("snet-aks-nodes", "snet-b")),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            SEED,
            "cluster renamed",
            d -> ((ObjectNode) d.get("metadata")).put("name", "inference-we"),
            CLUSTER_RECREATED,
            CLUSTER_RECREATED),
        new Edit(
            MULTI,
            "namespace changed",
            d -> ((ObjectNode) d.get("metadata")).put("namespace", "serving"),
            CLUSTER_RECREATED,
            CLUSTER_RECREATED),
        new Edit(
            SEED,
            "namespace changed",
            d -> ((ObjectNode) d.get("metadata")).put("namespace", "serving"),
            CLUSTER_RECREATED,
            CLUSTER_RECREATED),
        new Edit(
            ADOPTED,
            "namespace changed, every Azure name annotated",
            d -> ((ObjectNode) d.get("metadata")).put("namespace", "serving"),
            REFUSED,
            NO_AZURE_CHANGE),
        new Edit(
            ADOPTED,
            "resource group and node resource group annotations changed together",
            d ->
                annotations(d)
                    .put(PREFIX + "resource-group", "rg-aks-prod-weu2")
                    .put(PREFIX + "node-resource-group", "mc-aks-prod-weu2-nodes"),
            CLUSTER_RECREATED,
            CLUSTER_RECREATED),
        new Edit(
            SEED,
            "default pool renamed",
            d -> pool(d, "system").put("name", "sys"),
            CLUSTER_RECREATED,
            REFUSED),
        new Edit(
            MULTI,
            "a new System pool placed first",
            d -> pools(d).insert(0, systemPool("sysa")),
            CLUSTER_RECREATED,
            REFUSED),
        new Edit(
            MULTI,
            "default pool VM size",
            d -> pool(d, "system").put("vmSize", "Standard_D16s_v5"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            SEED,
            "GPU pool VM size",
            d ->
                pool(d, "gpuh100")
                    .put("vmSize", "Standard_ND96amsr_A100_v4")
                    .with("gpu")
                    .put("acceleratorType", "nvidia-a100"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            SEED,
            "GPU pool OS disk",
            d -> pool(d, "gpuh100").put("diskSizeGb", 256),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            MULTI,
            "GPU pool zones",
            d -> pool(d, "a100").set("zones", YAML.createArrayNode().add("1")),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            SEED,
            "GPU pool max nodes",
            d -> pool(d, "gpuh100").put("maxNodeCount", 12),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "default pool autoscaler bounds",
            d -> pool(d, "system").put("minNodeCount", 2).put("maxNodeCount", 6),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "default pool initial node count",
            d -> pool(d, "system").put("nodeCount", 3),
            NO_AZURE_CHANGE,
            IN_PLACE),
        new Edit(
            SEED,
            "InfiniBand switched off",
            d -> pool(d, "gpuh100").put("fabric", "None"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "a second InfiniBand pool added",
            d -> pools(d).add(infiniBandPool("h100ib2")),
            POOL_CREATED,
            POOL_CREATED),
        // spec.gpuStack: the in-cluster step swaps or removes releases; no Azure resource changes.
        new Edit(
            SEED,
            "gpuStack DRA -> DevicePlugin",
            d -> spec(d).put("gpuStack", "DevicePlugin"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "gpuStack DRA -> None",
            d -> spec(d).put("gpuStack", "None"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            PRIVATE,
            "gpuStack DRA -> DevicePlugin",
            d -> spec(d).put("gpuStack", "DevicePlugin"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED, "GPU pool removed", d -> removePool(d, "gpuh100"), POOL_DELETED, POOL_DELETED),
        new Edit(MULTI, "GPU pool removed", d -> removePool(d, "a100"), POOL_DELETED, POOL_DELETED),
        new Edit(
            SEED, "GPU pool added", d -> pools(d).add(gpuPool("a100")), POOL_CREATED, POOL_CREATED),
        // An imported cluster (names from annotations, as import writes them), changed afterwards.
        new Edit(
            ADOPTED,
            "imported cluster: GPU pool max nodes",
            d -> pool(d, "gpuh100").put("maxNodeCount", 12),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ADOPTED,
            "imported cluster: GPU pool added",
            d -> pools(d).add(gpuPool("a100")),
            POOL_CREATED,
            POOL_CREATED),
        new Edit(
            ADOPTED,
            "imported cluster: InfiniBand switched off",
            d -> pool(d, "gpuh100").put("fabric", "None"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            SEED,
            "GPU pool renamed",
            d -> pool(d, "gpuh100").put("name", "gpuh200"),
            POOL_RECREATED,
            POOL_RECREATED),
        new Edit(
            MULTI,
            "GPU pool becomes a System pool",
            d -> toSystem(pool(d, "a100")),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            MULTI,
            "GPU pool osSku AzureLinux",
            d -> pool(d, "a100").put("osSku", "AzureLinux"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            MULTI,
            "default pool osSku AzureLinux",
            d -> pool(d, "system").put("osSku", "AzureLinux"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "GPU pool osSku AzureLinux -> Ubuntu",
            d -> pool(d, "a100").put("osSku", "Ubuntu"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "default pool osSku removed",
            d -> pool(d, "system").remove("osSku"),
            NO_AZURE_CHANGE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "GPU pool Regular -> Spot",
            // A Spot pool takes no upgrade settings.
            d -> pool(d, "a100").put("priority", "Spot").remove("upgrade"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            ECONOMICS,
            "Spot pool -> Regular",
            d -> pool(d, "a100spot").put("priority", "Regular").remove("spotMaxPrice"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            ECONOMICS,
            "Spot max price changed",
            d -> pool(d, "a100spot").put("spotMaxPrice", 2.5),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            ECONOMICS,
            "MIG profile MIG3g -> MIG1g",
            d -> pool(d, "a100").with("gpu").put("migProfile", "MIG1g"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            ECONOMICS,
            "MIG profile removed",
            d -> pool(d, "a100").with("gpu").remove("migProfile"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            MULTI,
            "MIG profile set on a GPU pool",
            d -> pool(d, "a100").with("gpu").put("migProfile", "MIG2g"),
            POOL_RECREATED,
            REFUSED),
        new Edit(
            ECONOMICS,
            "GPU pool drain timeout changed",
            d -> pool(d, "a100").with("upgrade").put("drainTimeoutMinutes", 90),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "GPU pool drain timeout removed",
            d -> pool(d, "a100").with("upgrade").remove("drainTimeoutMinutes"),
            POOL_RECREATED,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "default pool drain timeout changed",
            d -> pool(d, "system").with("upgrade").put("drainTimeoutMinutes", 45),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "default pool drain timeout removed",
            d -> pool(d, "system").with("upgrade").remove("drainTimeoutMinutes"),
            CLUSTER_RECREATED,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "GPU pool maxUnavailable -> maxSurge",
            d -> pool(d, "a100").with("upgrade").put("maxSurge", "1").remove("maxUnavailable"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "default pool maxSurge changed",
            d -> pool(d, "system").with("upgrade").put("maxSurge", "50%"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "GPU pool upgrade removed",
            d -> pool(d, "a100").remove("upgrade"),
            POOL_RECREATED,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "GPU pool upgrade set to its default",
            d -> pool(d, "h100").with("upgrade").put("maxUnavailable", "1"),
            NO_AZURE_CHANGE,
            NO_AZURE_CHANGE),
        new Edit(
            MULTI,
            "upgrade set on a GPU pool",
            d -> pool(d, "a100").with("upgrade").put("maxSurge", "1"),
            IN_PLACE,
            IN_PLACE),
        new Edit(
            ECONOMICS,
            "Spot pool added",
            d -> {
              ObjectNode spot = gpuPool("spot2");
              spot.put("priority", "Spot");
              pools(d).add(spot);
            },
            POOL_CREATED,
            POOL_CREATED),
        new Edit(
            MULTI,
            "pools reordered after the default pool",
            d -> pools(d).insert(1, pools(d).remove(2)),
            NO_AZURE_CHANGE,
            NO_AZURE_CHANGE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("edits")
  void eachEditHasTheConsequenceTheGeneratedTreesShow(Edit edit) throws IOException {
    ObjectNode document = example(edit.example());
    ObjectNode changed = document.deepCopy();
    edit.change().accept(changed);
    if (edit.rejectedAs().isPresent()) {
      List<Diagnostic> errors =
          validate(changed, "after").diagnostics().stream().filter(Diagnostic::isError).toList();
      assertEquals(1, errors.size(), edit + ": one error; " + errors);
      assertEquals(edit.rejectedAs().get(), errors.get(0).code(), edit + ": " + errors);
      assertEquals("spec.kubernetesVersion", errors.get(0).fieldPath(), edit + ": " + errors);
      return;
    }
    List<AksCluster> before = load(document, "before");
    List<AksCluster> after = load(changed, "after");

    DiffReport report = diff(before, after);
    if (edit.terraform() == NO_AZURE_CHANGE && edit.bicep() == NO_AZURE_CHANGE) {
      assertEquals(List.of(), report.clusters(), edit + ": nothing to report");
    } else {
      assertEquals(1, report.clusters().size(), edit + ": one cluster changes");
      ClusterDiff cluster = report.clusters().get(0);
      assertEquals(
          edit.terraform(), cluster.worst(Target.TERRAFORM).orElseThrow(), edit + ": terraform");
      assertEquals(edit.bicep(), cluster.worst(Target.BICEP).orElseThrow(), edit + ": bicep");
      assertEquals(
          TerraformChange.worse(edit.terraform(), edit.bicep()),
          cluster.worst().orElseThrow(),
          edit + ": consequence is the worst of the two");
    }

    BicepChange bicep = BicepChange.between(bicep(before), bicep(after));
    boolean versionJudgedByDiff =
        bicep.consequence() == IN_PLACE && bicep.actions().contains("parameter kubernetesVersion");
    if (!(edit.bicep() == REFUSED && versionJudgedByDiff)) {
      assertEquals(
          edit.bicep(), bicep.consequence(), edit + ": the generated Bicep roots; " + bicep);
    }

    TerraformChange trees = TerraformChange.between(terraform(before), terraform(after));
    assertEquals(
        Set.of(),
        trees.racingPools(),
        edit + ": a pool is deleted and created again at another address, unordered");
    if (edit.terraform() == REFUSED && trees.consequence() == REFUSED) {
      // The trees alone show it: a subnet in use replaced, or existing resources in a new root.
      assertFalse(trees.actions().isEmpty(), edit + ": refused, with what; " + trees);
    } else if (edit.terraform() == REFUSED && trees.consequence() == POOL_RECREATED) {
      assertFalse(
          intersection(trees.changedAttributes(), ROTATED_ONTO_ANOTHER_NETWORK).isEmpty(),
          edit + ": refused, but no pool moves to another subnet; " + trees);
    } else if (edit.terraform() == REFUSED) {
      assertEquals(
          IN_PLACE,
          trees.consequence(),
          edit + ": a refused change is an update Terraform sends; " + trees);
      assertFalse(
          intersection(trees.changedAttributes(), AZURE_REFUSES).isEmpty(),
          edit + ": refused, but no attribute Azure refuses changed; " + trees);
    } else if (edit.terraform() == NO_AZURE_CHANGE && trees.consequence() == IN_PLACE) {
      assertFalse(trees.changedAttributes().isEmpty(), edit + ": " + trees);
      assertTrue(
          PROVIDER_SENDS_NOTHING.containsAll(trees.changedAttributes()),
          edit + ": an update that changes nothing in Azure, but " + trees);
    } else {
      assertEquals(
          edit.terraform(),
          trees.consequence(),
          edit + ": the generated Terraform trees; " + trees);
    }
  }

  /**
   * A new minor reaches Azure only through the azapi version updates, which the keeper's change
   * replaces: the control plane's, the default pool's and each further pool's; azurerm's own
   * version attributes are under ignore_changes and plan nothing.
   */
  @Test
  void aMinorUpgradeGoesOutThroughTheVersionUpdatesOnly() throws IOException {
    ObjectNode document = example(MULTI);
    ObjectNode changed = document.deepCopy();
    spec(changed).put("kubernetesVersion", "1.36");
    TerraformChange trees =
        TerraformChange.between(
            terraform(load(document, "before")), terraform(load(changed, "after")));
    assertEquals(IN_PLACE, trees.consequence(), trees.toString());
    Set<String> replaced = new TreeSet<>();
    trees.actions().stream()
        .filter(a -> a.startsWith("replace ") && a.contains(" triggered by "))
        .forEach(a -> replaced.add(a.substring(a.indexOf(':') + 1, a.indexOf(" triggered by "))));
    assertEquals(
        Set.of(
            "module.cluster.azapi_update_resource.kubernetes_version",
            "module.cluster.azapi_update_resource.default_node_pool_version",
            "module.node_pool_h100ib.azapi_update_resource.orchestrator_version",
            "module.node_pool_a100.azapi_update_resource.orchestrator_version"),
        replaced,
        trees.toString());
    assertEquals(
        Set.of(
            "azapi_update_resource.body.properties.kubernetesVersion",
            "azapi_update_resource.body.properties.orchestratorVersion",
            "terraform_data.input"),
        trees.changedAttributes(),
        "no azurerm attribute changes; " + trees);
  }

  @Test
  void aRemovedClusterIsRemovedInBothTargets() throws IOException {
    List<AksCluster> before = load(example(SEED), "before");
    ClusterDiff cluster = diff(before, List.of()).clusters().get(0);
    assertEquals(CLUSTER_REMOVED, cluster.worst(Target.TERRAFORM).orElseThrow());
    assertEquals(CLUSTER_REMOVED, cluster.worst(Target.BICEP).orElseThrow());
    assertEquals(
        CLUSTER_CREATED,
        diff(List.of(), before).clusters().get(0).worst(Target.TERRAFORM).orElseThrow());
  }

  /**
   * The redeploy table's optional pool-module names (Spot, MIG) are declared only where a pool uses
   * them: the economics example uses each, so a renamed parameter cannot leave a row judging
   * nothing.
   */
  @Test
  void theEconomicsExampleDeclaresEveryOptionalPoolModuleName() throws IOException {
    Set<String> declared = new TreeSet<>();
    bicep(load(example(ECONOMICS), "economics")).modules().values().stream()
        .filter(module -> module.params().containsKey("poolName"))
        .forEach(module -> declared.addAll(module.params().keySet()));
    assertEquals(
        Set.of(),
        BicepRedeployTable.load()
            .undeclared(BicepRedeployTable.Scope.OPTIONAL_POOL_MODULE, declared));
  }

  @Test
  void theSuiteCoversAtLeastFortyFiveEdits() {
    assertTrue(edits().count() >= 45);
    assertEquals(
        Set.of(SEED, MULTI, ADOPTED, PRIVATE, LANDING_ZONE, ECONOMICS),
        new TreeSet<>(edits().map(Edit::example).toList()));
  }

  /** create -> InfiniBand off -> InfiniBand on. */
  @Test
  void infiniBandOffAndOnKeepsEveryProviderItsStateNeeds() throws IOException {
    ObjectNode created = example(SEED);
    ObjectNode off = created.deepCopy();
    pool(off, "gpuh100").put("fabric", "None");
    ObjectNode on = off.deepCopy();
    pool(on, "gpuh100").put("fabric", "InfiniBand");
    assertEveryStepKeepsItsProviders(List.of(created, off, on));
    // Bicep: the stack deletes modules that leave main.bicep, but not what a script did inside the
    // cluster, so the in-cluster step stays and is told to remove the operator.
    BicepTree.Module inCluster =
        bicep(load(off, "bicep-off")).modules().get("modInClusterComponents");
    assertTrue(inCluster != null, "InfiniBand off: the in-cluster step is still deployed");
    String command = inCluster.params().get("command");
    assertTrue(
        command.contains("then helm uninstall network-operator ")
            && !command.contains("helm upgrade --install network-operator "),
        "InfiniBand off: the in-cluster step removes the operator: " + command);
  }

  /**
   * create -> the last GPU pool removed -> a GPU pool added again (the first one): the GPU stack
   * goes and comes back in both targets.
   */
  @Test
  void removingTheLastGpuPoolKeepsEveryProviderItsStateNeeds() throws IOException {
    ObjectNode created = example(SEED);
    ObjectNode removed = created.deepCopy();
    removePool(removed, "gpuh100");
    ObjectNode again = removed.deepCopy();
    pools(again).add(gpuPool("a100"));
    assertEveryStepKeepsItsProviders(List.of(created, removed, again));
    assertGpuStack(
        removed,
        "no-gpu",
        List.of(),
        List.of("node-feature-discovery", "dra-driver-nvidia-gpu", "nvidia-device-plugin"));
    assertGpuStack(
        again,
        "first-gpu",
        List.of("node-feature-discovery", "dra-driver-nvidia-gpu"),
        List.of("nvidia-device-plugin"));
  }

  /** create (DRA) -> DevicePlugin -> None -> DRA again, in both targets. */
  @Test
  void switchingTheGpuStackKeepsEveryProviderItsStateNeeds() throws IOException {
    ObjectNode created = example(SEED);
    ObjectNode plugin = created.deepCopy();
    spec(plugin).put("gpuStack", "DevicePlugin");
    ObjectNode none = created.deepCopy();
    spec(none).put("gpuStack", "None");
    assertEveryStepKeepsItsProviders(List.of(created, plugin, none, created.deepCopy()));
    assertGpuStack(
        plugin,
        "plugin",
        List.of("node-feature-discovery", "nvidia-device-plugin"),
        List.of("dra-driver-nvidia-gpu"));
    assertGpuStack(
        none,
        "none",
        List.of(),
        List.of("nvidia-device-plugin", "dra-driver-nvidia-gpu", "node-feature-discovery"));
  }

  /**
   * create (DevicePlugin) -> the first MIG pool added -> removed again: the device plugin's release
   * stays, and its values gain and lose migStrategy in both targets (Terraform: the module call
   * keeps its name and moves to the MIG module).
   */
  @Test
  void theFirstMigPoolReconfiguresTheDevicePluginInBothTargets() throws IOException {
    ObjectNode created = example(SEED);
    spec(created).put("gpuStack", "DevicePlugin");
    ObjectNode mig = created.deepCopy();
    ObjectNode migPool = gpuPool("a100mig");
    migPool.with("gpu").put("migProfile", "MIG3g");
    pools(mig).add(migPool);
    assertEveryStepKeepsItsProviders(List.of(created, mig, created.deepCopy()));
    for (ObjectNode document : List.of(created, mig)) {
      boolean slices = document == mig;
      String name = slices ? "mig" : "whole";
      assertGpuStack(
          document,
          name,
          List.of("node-feature-discovery", "nvidia-device-plugin"),
          List.of("dra-driver-nvidia-gpu"));
      String bicepParams =
          bicep(load(document, "bicep-values-" + name))
              .modules()
              .get("modInClusterComponents")
              .params()
              .values()
              .toString();
      assertEquals(slices, bicepParams.contains("\"migStrategy\":\"mixed\""), name);
      String inCluster = inClusterRoot(load(document, "terraform-values-" + name));
      assertEquals(
          slices,
          inCluster.contains("modules/terraform/nvidia-device-plugin-mig\""),
          name + ": " + inCluster);
    }
  }

  /**
   * The releases the in-cluster step installs and removes (Bicep's command), and the GPU stack
   * modules the Terraform in-cluster root calls, for one revision.
   */
  private void assertGpuStack(
      ObjectNode document, String name, List<String> installed, List<String> removed)
      throws IOException {
    String command =
        bicep(load(document, "bicep-" + name))
            .modules()
            .get("modInClusterComponents")
            .params()
            .get("command");
    for (String release : installed) {
      assertTrue(
          command.contains("helm upgrade --install " + release + " "), name + ": " + command);
    }
    for (String release : removed) {
      assertTrue(
          command.contains("then helm uninstall " + release + " ")
              && !command.contains("helm upgrade --install " + release + " "),
          name + ": " + command);
    }
    String inCluster = inClusterRoot(load(document, "terraform-" + name));
    assertEquals(
        installed.contains("node-feature-discovery"),
        inCluster.contains("module \"node_feature_discovery\" {"),
        name + ": " + inCluster);
    assertEquals(
        installed.contains("dra-driver-nvidia-gpu"),
        inCluster.contains("module \"nvidia_dra_driver\" {"),
        name);
    assertEquals(
        installed.contains("nvidia-device-plugin"),
        inCluster.contains("module \"nvidia_device_plugin\" {"),
        name);
  }

  /**
   * create private -> Public -> Private again: each in-cluster root forgets, without destroying,
   * what the other form left in its state, and still requires and configures every provider whose
   * resources that state holds (the public root keeps azapi for the private root's run-command
   * actions).
   */
  @Test
  void switchingEndpointAccessForgetsWhatTheOtherFormLeftInState() throws IOException {
    ObjectNode created = example(PRIVATE);
    ObjectNode publicAgain = created.deepCopy();
    spec(publicAgain).put("endpointAccess", "Public");
    ObjectNode privateAgain = publicAgain.deepCopy();
    spec(privateAgain).put("endpointAccess", "Private");
    String inCluster = "platform/inference-private/terraform/in-cluster";

    TerraformTree privateTree = terraform(load(created, "private"));
    TerraformTree publicTree = terraform(load(publicAgain, "public"));
    Root privateRoot = privateTree.roots().get(inCluster);
    Root publicRoot = publicTree.roots().get(inCluster);
    assertEquals(
        Set.of(
            "azapi_resource_action.in_cluster_components",
            "azapi_resource_action.in_cluster_components_removal"),
        privateRoot.resources().keySet());
    assertEquals(privateRoot.resources().keySet(), publicRoot.forgotten());
    for (String held : publicRoot.resources().keySet()) {
      assertTrue(
          privateRoot.forgotten().stream().anyMatch(f -> held.startsWith(f + ".")),
          "Public -> Private: the private root forgets " + held);
    }
    // Private -> Public: the public root keeps what the private root's state needs.
    assertEveryStepKeepsItsProviders(List.of(created, publicAgain));
  }

  /**
   * A private cluster switched from LocalAccounts to EntraID: its in-cluster root keeps the
   * converging command, which now carries the runner's Entra ID token in a write-only argument, and
   * forgets the destroy-time removal without running it (its stored command carries no token and
   * would remove every component); the root then requires the Terraform and azapi releases that
   * have write-only arguments, and no other root does.
   */
  @Test
  void switchingAPrivateClusterToEntraIdForgetsTheRemovalWithoutRunningIt() throws IOException {
    ObjectNode created = example(PRIVATE);
    ObjectNode entra = created.deepCopy();
    spec(entra)
        .putObject("authentication")
        .put("mode", "EntraID")
        .putArray("adminGroupObjectIds")
        .add("6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47");
    String inCluster = "platform/inference-private/terraform/in-cluster";
    String components = "azapi_resource_action.in_cluster_components";
    String removal = "azapi_resource_action.in_cluster_components_removal";

    List<GeneratedFile> localFiles =
        Renderers.forTarget(Target.TERRAFORM).orElseThrow().render(load(created, "local"));
    List<GeneratedFile> entraFiles =
        Renderers.forTarget(Target.TERRAFORM).orElseThrow().render(load(entra, "entra"));
    Root before = TerraformTree.parse(localFiles).roots().get(inCluster);
    Root after = TerraformTree.parse(entraFiles).roots().get(inCluster);

    assertEquals(Set.of(components, removal), before.resources().keySet());
    assertFalse(before.forgotten().contains(removal));
    assertEquals(Set.of(components), after.resources().keySet());
    assertTrue(after.forgotten().contains(removal), "EntraID forgets " + removal);
    Map<String, Object> command = after.resources().get(components).attributes();
    assertTrue(command.containsKey("sensitive_body.clusterToken"), command.toString());
    assertTrue(command.containsKey("sensitive_body_version.clusterToken"), command.toString());
    assertFalse(command.containsKey("when"), command.toString());

    String entraPins = content(entraFiles, inCluster + "/terraform.tf");
    assertTrue(entraPins.contains("required_version = \">= 1.11\""), entraPins);
    assertTrue(entraPins.contains("version = \"~> 2.11\""), entraPins);
    for (GeneratedFile file : entraFiles) {
      if (file.relativePath().endsWith("terraform.tf")
          && !file.relativePath().equals(inCluster + "/terraform.tf")) {
        assertFalse(file.content().contains(">= 1.11"), file.relativePath());
        assertFalse(file.content().contains("~> 2.11"), file.relativePath());
      }
    }
    String localPins = content(localFiles, inCluster + "/terraform.tf");
    assertFalse(localPins.contains("~> 2.11"), localPins);
    assertEveryStepKeepsItsProviders(List.of(created, entra));
  }

  private static String content(List<GeneratedFile> files, String path) {
    return files.stream()
        .filter(f -> f.relativePath().equals(path))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + path))
        .content();
  }

  /** create -> the cluster replaced (a new region) -> its default pool renamed (replaced again). */
  @Test
  void replacingTheClusterKeepsEveryProviderItsStateNeeds() throws IOException {
    ObjectNode created = example(MULTI);
    ObjectNode moved = created.deepCopy();
    spec(moved).put("location", "westus3");
    ObjectNode renamed = moved.deepCopy();
    pool(renamed, "system").put("name", "core");
    assertEveryStepKeepsItsProviders(List.of(created, moved, renamed));
  }

  /**
   * 4.x output -> 5.x output, for every example: the provider move changes no root, no resource
   * address and no provider a root requires or configures, and replaces or rotates nothing. The 4.x
   * tree is the 5.x one with what the move added taken out (the constraints {@code ~> 4.68} and
   * {@code ~> 2.38}, the {@code node_provisioning_profile} block, {@code
   * resource_provider_registrations}). The one attribute left is the profile's {@code mode}, an
   * in-place update by the 5.2.0 facts (not ForceNew, kubernetes_cluster_resource.go l.1725); a 4.x
   * state already holds what AKS reported there (Optional and Computed in 4.x, v4.81.0
   * l.1764-1768).
   */
  @ParameterizedTest
  @ValueSource(strings = {SEED, MULTI, PRIVATE, "minimal", "fleet"})
  void movingFrom4xOutputTo5xOutputChangesNoAddressAndReplacesNothing(String name)
      throws IOException {
    List<GeneratedFile> fiveX =
        Renderers.forTarget(Target.TERRAFORM).orElseThrow().render(load(example(name), "five"));
    List<GeneratedFile> fourX =
        fiveX.stream()
            .map(
                f ->
                    new GeneratedFile(
                        f.relativePath(),
                        f.content()
                            .replace("\"~> 5.2\"", "\"~> 4.68\"")
                            .replace("\"~> 3.2\"", "\"~> 2.38\"")
                            .replaceAll(
                                "(?m)^  node_provisioning_profile \\{\n    mode = \"Manual\"\n  }\n",
                                "")
                            .replaceAll(
                                "(?m)^  resource_provider_registrations = \"legacy\"\n", "")))
            .toList();
    assertFalse(
        fourX.equals(fiveX), name + ": the 4.x form differs from the 5.x output it was made from");
    assertTrue(
        fourX.stream().noneMatch(f -> f.content().contains("node_provisioning_profile")),
        name + ": the 4.x form still has node_provisioning_profile");
    TerraformTree before = TerraformTree.parse(fourX);
    TerraformTree after = TerraformTree.parse(fiveX);
    assertEquals(before.roots().keySet(), after.roots().keySet(), name + ": roots");
    for (Root root : before.roots().values()) {
      Root now = after.roots().get(root.path());
      assertEquals(
          root.resources().keySet(), now.resources().keySet(), root.path() + ": addresses");
      assertEquals(root.requiredProviders(), now.requiredProviders(), root.path());
      assertEquals(root.configuredProviders(), now.configuredProviders(), root.path());
      // The 5.x output may carry moved blocks for other changes (the resource group back from an
      // existing subnet's module), but none that moves anything the 4.x state holds.
      for (String from : now.moved().keySet()) {
        assertTrue(
            root.resources().keySet().stream().noneMatch(a -> a.startsWith(from + ".")),
            root.path() + ": no moved block is needed, but " + from + " moves");
      }
    }
    TerraformChange change = TerraformChange.between(before, after);
    assertEquals(
        Set.of("azurerm_kubernetes_cluster.node_provisioning_profile.mode"),
        change.changedAttributes(),
        name);
    assertTrue(
        change.actions().stream().allMatch(a -> a.startsWith("update ")),
        change.actions().toString());
    assertEquals(IN_PLACE, change.consequence(), name);
  }

  /**
   * After each step, every root of the previous step is still there and requires and configures
   * every provider whose resources it held; a provider Terraform would have to invent (an implied,
   * empty configuration) cannot destroy what it left behind.
   */
  private void assertEveryStepKeepsItsProviders(List<ObjectNode> steps) throws IOException {
    TerraformTree previous = null;
    for (int step = 0; step < steps.size(); step++) {
      TerraformTree tree = terraform(load(steps.get(step), "step" + step));
      if (previous != null) {
        for (Root held : previous.roots().values()) {
          Root now = tree.roots().get(held.path());
          assertTrue(
              now != null,
              "step " + step + ": root " + held.path() + " held resources and is gone");
          for (String provider : held.providersOfResources()) {
            assertTrue(
                now.requiredProviders().contains(provider),
                "step " + step + ": " + held.path() + " no longer requires " + provider);
            assertTrue(
                now.configuredProviders().contains(provider),
                "step " + step + ": " + held.path() + " no longer configures " + provider);
          }
        }
      }
      previous = tree;
    }
  }

  private static Set<String> intersection(Set<String> a, Set<String> b) {
    Set<String> both = new TreeSet<>(a);
    both.retainAll(b);
    return both;
  }

  private static DiffReport diff(List<AksCluster> before, List<AksCluster> after) {
    ModelDiff diff = new ModelDiff(ChangeFacts.bundled(), GpuCapacity.of(VmSizeCatalog.bundled()));
    Map<String, String> keys = Map.of("examples/cluster.yaml", "");
    return diff.compare(new Revision(before, keys), new Revision(after, keys));
  }

  private static BicepTree bicep(List<AksCluster> clusters) {
    return BicepTree.parse(Renderers.forTarget(Target.BICEP).orElseThrow().render(clusters));
  }

  /** The Terraform in-cluster root's main.tf of one revision, as text. */
  private static String inClusterRoot(List<AksCluster> clusters) {
    return Renderers.forTarget(Target.TERRAFORM).orElseThrow().render(clusters).stream()
        .filter(f -> f.relativePath().endsWith("terraform/in-cluster/main.tf"))
        .map(GeneratedFile::content)
        .findFirst()
        .orElseThrow();
  }

  private static TerraformTree terraform(List<AksCluster> clusters) {
    List<GeneratedFile> files =
        Renderers.forTarget(Target.TERRAFORM).orElseThrow().render(clusters);
    return TerraformTree.parse(files);
  }

  /** Loads one revision as the CLI would, under one display path for both revisions. */
  private List<AksCluster> load(ObjectNode document, String side) throws IOException {
    ValidationResult result = validate(document, side);
    assertFalse(result.hasErrors(), side + " does not validate: " + result.diagnostics());
    return result.clusters();
  }

  private ValidationResult validate(ObjectNode document, String side) throws IOException {
    Path file = temp.resolve(side + ".yaml");
    Files.writeString(file, YAML.writeValueAsString(document));
    return new Validator(CrdSchema.bundled())
        .validate(List.of(InputSource.file(file, "examples/cluster.yaml")));
  }

  private static ObjectNode example(String name) throws IOException {
    if (name.equals(ADOPTED)) {
      ObjectNode adopted = example(SEED);
      LIVE_NAMES.forEach((key, value) -> annotations(adopted).put(PREFIX + key, value));
      return adopted;
    }
    return (ObjectNode) YAML.readTree(Path.of("..", "examples", name + ".yaml").toFile());
  }

  private static ObjectNode annotations(JsonNode document) {
    return ((ObjectNode) document.get("metadata")).with("annotations");
  }

  private static ObjectNode spec(JsonNode document) {
    return (ObjectNode) document.get("spec");
  }

  /** LocalAccounts to EntraID with the landing-zone example's admin group. */
  private static void entraIdWithAnAdminGroup(ObjectNode document) {
    spec(document)
        .putObject("authentication")
        .put("mode", "EntraID")
        .putArray("adminGroupObjectIds")
        .add("6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47");
  }

  private static ObjectNode networking(JsonNode document) {
    return spec(document).with("networking");
  }

  private static ArrayNode pools(JsonNode document) {
    return (ArrayNode) spec(document).get("nodePools");
  }

  private static ObjectNode pool(JsonNode document, String name) {
    for (JsonNode pool : pools(document)) {
      if (pool.get("name").asText().equals(name)) {
        return (ObjectNode) pool;
      }
    }
    throw new AssertionError("no pool " + name);
  }

  private static void removePool(JsonNode document, String name) {
    ArrayNode pools = pools(document);
    for (int i = 0; i < pools.size(); i++) {
      if (pools.get(i).get("name").asText().equals(name)) {
        pools.remove(i);
        return;
      }
    }
    throw new AssertionError("no pool " + name);
  }

  private static ObjectNode systemPool(String name) {
    return YAML.createObjectNode()
        .put("name", name)
        .put("role", "System")
        .put("vmSize", "Standard_D8s_v5")
        .put("nodeCount", 2);
  }

  private static ObjectNode gpuPool(String name) {
    ObjectNode pool =
        YAML.createObjectNode()
            .put("name", name)
            .put("role", "GPU")
            .put("vmSize", "Standard_NC24ads_A100_v4")
            .put("nodeCount", 1)
            .put("minNodeCount", 1)
            .put("maxNodeCount", 4);
    pool.with("gpu").put("acceleratorType", "nvidia-a100");
    return pool;
  }

  private static ObjectNode infiniBandPool(String name) {
    ObjectNode pool =
        YAML.createObjectNode()
            .put("name", name)
            .put("role", "GPU")
            .put("vmSize", "Standard_ND96isr_H100_v5")
            .put("nodeCount", 1)
            .put("minNodeCount", 1)
            .put("maxNodeCount", 4)
            .put("fabric", "InfiniBand");
    pool.set("zones", YAML.createArrayNode().add("2"));
    pool.with("gpu").put("acceleratorType", "nvidia-h100");
    return pool;
  }

  /** The role alone changes: the VM size stays, so only the GPU driver and the taint follow. */
  private static void toSystem(ObjectNode pool) {
    pool.put("role", "System");
    pool.remove("gpu");
    pool.remove("fabric");
  }
}
