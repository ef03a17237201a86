package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.AksClusterSpec;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.platform.InClusterInstaller;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import ai.modelplane.testsupport.bicep.ArmTypes;
import ai.modelplane.testsupport.bicep.BicepAst;
import ai.modelplane.testsupport.bicep.BicepAst.Arr;
import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Call;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.ModuleDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.Ref;
import ai.modelplane.testsupport.bicep.BicepAst.ResourceDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepChecker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Bicep output's day-2 promises, read from the generated files: one deployment stack per
 * cluster, nested deployments that cannot collide, the installer's exact run-command role, and an
 * in-cluster step that removes the network operator once no pool has InfiniBand.
 */
class BicepLifecycleTest {
  private static final ArmTypes TYPES = new ArmTypes();
  private static final Pattern STACK_CREATE =
      Pattern.compile(
          "^// Deploy with: az stack sub create --name (\\S+) --location (\\S+) --template-file main\\.bicep",
          Pattern.MULTILINE);
  private static final Pattern STACK_DELETE =
      Pattern.compile(
          "^// Remove the whole cluster with: az stack sub delete --name (\\S+) --action-on-unmanage deleteAll --yes$",
          Pattern.MULTILINE);

  @Test
  void everyClusterOfAFleetGetsItsOwnStackEvenWithTheSameNameInTwoNamespacesAndRegions() {
    List<AksCluster> fleet =
        List.of(
            cluster("research", "inference", "eastus2"),
            cluster("platform", "inference", "westeurope"),
            cluster("platform", "inference-b", "eastus2"),
            cluster("platform-inference", "b", "westeurope"));
    Map<String, String> files = render(fleet);

    Set<String> stacks = new HashSet<>();
    for (AksCluster cluster : fleet) {
      String main = files.get(cluster.namespace() + "/" + cluster.name() + "/bicep/main.bicep");
      Matcher create = STACK_CREATE.matcher(main);
      Matcher delete = STACK_DELETE.matcher(main);
      assertTrue(create.find() && delete.find(), main);
      assertEquals(create.group(1), delete.group(1), "deploy and delete name the same stack");
      assertEquals(cluster.spec().location(), create.group(2));
      assertTrue(create.group(1).matches("[-\\w._()]{1,90}"), create.group(1));
      assertTrue(stacks.add(create.group(1)), "stack name used twice: " + create.group(1));
    }
    assertEquals(List.of(), BicepChecker.check(TYPES, files));
  }

  @Test
  void nestedDeploymentsLiveInTheClustersOwnResourceGroupNeverAtSubscriptionScope() {
    Map<String, BicepFile> parsed = BicepChecker.parseAll(render(Fixtures.example("fleet.yaml")));
    Set<String> resourceGroups = new HashSet<>();
    for (BicepFile file : parsed.values()) {
      if (!file.path().endsWith("/main.bicep")) {
        continue;
      }
      assertEquals("subscription", file.targetScope());
      ResourceDecl group = only(file, "Microsoft.Resources/resourceGroups");
      assertEquals(new Ref("resourceGroupName"), group.body().get("name").orElseThrow());
      resourceGroups.add(((Str) var(file, "resourceGroupName")).literal());
      for (ModuleDecl module : file.modules()) {
        // Subscription-scope deployment names are shared by the subscription and keep their first
        // location; resource-group-scope ones only need to be unique inside the cluster's own
        // group.
        assertEquals(
            new Ref("rgMain"),
            module.body().get("scope").orElseThrow(),
            file.path() + " module " + module.name());
      }
    }
    assertEquals(
        parsed.keySet().stream().filter(p -> p.endsWith("/main.bicep")).count(),
        resourceGroups.size(),
        "one resource group per cluster");
  }

  @Test
  void theInstallerHoldsExactlyTheRunCommandActionsAndNoBuiltInRole() {
    BicepFile cluster =
        BicepChecker.parseAll(render(Fixtures.example("inference-westeurope.yaml")))
            .get("modules/bicep/cluster.bicep");

    ResourceDecl role = only(cluster, "Microsoft.Authorization/roleDefinitions");
    Obj properties = (Obj) role.body().get("properties").orElseThrow();
    Obj permission = (Obj) ((Arr) properties.get("permissions").orElseThrow()).items().get(0);
    assertEquals(
        List.of(
            "Microsoft.ContainerService/managedClusters/read",
            "Microsoft.ContainerService/managedClusters/runcommand/action",
            "Microsoft.ContainerService/managedClusters/commandResults/read"),
        strings((Arr) permission.get("actions").orElseThrow()));
    assertEquals(1, ((Arr) properties.get("permissions").orElseThrow()).items().size());
    assertEquals(List.of(), ((Arr) permission.get("notActions").orElseThrow()).items());
    assertEquals(
        new Call(Optional.empty(), "resourceGroup", List.of()),
        member(((Arr) properties.get("assignableScopes").orElseThrow()).items().get(0)));
    String roleName = String.valueOf(((Str) properties.get("roleName").orElseThrow()).parts());
    assertTrue(
        roleName.contains("Ref[name=clusterName]") && roleName.contains("subscriptionId"),
        "the role name names cluster and subscription: " + roleName);

    ResourceDecl assignment = named(cluster, "raInstaller");
    assertEquals(new Ref("aksMain"), assignment.body().get("scope").orElseThrow());
    Call definition =
        (Call)
            ((Obj) assignment.body().get("properties").orElseThrow())
                .get("roleDefinitionId")
                .orElseThrow();
    assertEquals("subscriptionResourceId", definition.name());
    assertEquals(
        new BicepAst.Member(new Ref("roleInstaller"), "name", false), definition.args().get(1));
    assertFalse(
        render(Fixtures.example("inference-westeurope.yaml")).values().stream()
            .anyMatch(text -> text.contains("0ab0b1a8-8aac-4efd-b8c2-3ee1fb270be8")),
        "no file mentions the Azure Kubernetes Service Cluster Admin Role");
  }

  @Test
  void theSeedWithFabricNoneStillRunsAnInClusterStepThatRemovesTheOperator(@TempDir Path folder)
      throws IOException {
    Path seed = Fixtures.REPOSITORY.resolve("examples/inference-westeurope.yaml");
    String yaml = Files.readString(seed);
    assertTrue(yaml.contains("fabric: InfiniBand"));
    Path edited = folder.resolve("inference-westeurope.yaml");
    Files.writeString(edited, yaml.replace("fabric: InfiniBand", "fabric: None"));
    ValidationResult result =
        new Validator(CrdSchema.bundled())
            .validate(List.of(InputSource.file(edited, "examples/inference-westeurope.yaml")));
    assertFalse(result.hasErrors(), () -> result.diagnostics().toString());
    Map<String, String> files = render(result.clusters());
    assertEquals(List.of(), BicepChecker.check(TYPES, files));
    Map<String, BicepFile> parsed = BicepChecker.parseAll(files);

    BicepFile main = parsed.get("platform/inference-westeurope/bicep/main.bicep");
    ModuleDecl step =
        main.modules().stream()
            .filter(m -> m.path().endsWith("/inClusterComponents.bicep"))
            .findFirst()
            .orElseThrow();
    String removal =
        ((Str) ((Obj) step.body().get("params").orElseThrow()).get("command").orElseThrow())
            .literal();
    assertTrue(
        main.modules().stream().noneMatch(m -> m.path().endsWith("/infinibandFeatureCheck.bicep")));
    assertFalse(files.containsKey("modules/bicep/infinibandFeatureCheck.bicep"));

    // The GPU pool stays, so the GPU stack is installed; the operator only removed.
    assertFalse(removal.contains("helm upgrade --install network-operator"), removal);
    int policy =
        removal.indexOf(
            "kubectl delete "
                + InClusterInstaller.NIC_POLICY_RESOURCE
                + " nic-cluster-policy --ignore-not-found");
    int release =
        removal.indexOf("then helm uninstall network-operator --namespace network-operator; fi");
    int namespace = removal.indexOf("kubectl delete namespace network-operator --ignore-not-found");
    assertTrue(
        policy >= 0 && release > policy && namespace > release,
        "the policy is deleted before the operator release, the release before its namespace: "
            + removal);
    assertTrue(
        removal.contains(
            "if helm status network-operator --namespace network-operator >/dev/null 2>&1; then helm uninstall"),
        removal);

    // The module only runs what it is given: no install or removal of its own.
    BicepFile module = parsed.get("modules/bicep/inClusterComponents.bicep");
    assertTrue(module.vars().isEmpty(), module.vars().toString());
  }

  @Test
  void thePollingDeadlineFitsInsideTheScriptTimeout() {
    int submitting = InClusterInstaller.SUBMIT_ATTEMPTS * InClusterInstaller.SUBMIT_RETRY_SECONDS;
    int polling = InClusterInstaller.COMMAND_DEADLINE_SECONDS + InClusterInstaller.POLL_SECONDS;
    assertTrue(
        submitting + polling < InClusterInstaller.SCRIPT_TIMEOUT_MINUTES * 60,
        submitting + " + " + polling + " s");
    String module =
        render(Fixtures.example("minimal.yaml")).get("modules/bicep/inClusterComponents.bicep");
    assertTrue(
        module.contains("timeout: 'PT" + InClusterInstaller.SCRIPT_TIMEOUT_MINUTES + "M'"), module);
    assertTrue(
        module.contains("value: '" + InClusterInstaller.COMMAND_DEADLINE_SECONDS + "'"), module);
  }

  static Map<String, String> render(List<AksCluster> clusters) {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : TemplateRenderer.bicep().render(clusters)) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }

  private static AksCluster cluster(String namespace, String name, String location) {
    return new AksCluster(
        new SourceRef("examples/fleet.yaml", 0, 1),
        name,
        namespace,
        new AksClusterSpec(
            "1.34",
            location,
            new Networking("10.0.0.0/16", "10.0.0.0/20"),
            List.of(ai.modelplane.generator.TestClusters.systemPool(0, "system")),
            ai.modelplane.generator.bind.ClusterBinder.upstreamDefaultPool()));
  }

  @Test
  void theClusterIdentityIsNetworkContributorOnItsSubnetOnly() {
    BicepFile cluster =
        BicepChecker.parseAll(render(Fixtures.example("inference-westeurope.yaml")))
            .get("modules/bicep/cluster.bicep");

    List<ResourceDecl> assignments =
        cluster.resources().stream()
            .filter(r -> r.type().equals("Microsoft.Authorization/roleAssignments"))
            .toList();
    assertEquals(
        List.of("raClusterSubnet", "raInstaller"),
        assignments.stream().map(ResourceDecl::name).sorted().toList());
    ResourceDecl subnetRole = named(cluster, "raClusterSubnet");
    assertEquals(new Ref("snetNodes"), subnetRole.body().get("scope").orElseThrow());
    ResourceDecl subnet = named(cluster, "snetNodes");
    assertTrue(subnet.existing(), "the subnet is the network module's, only referenced");
    Obj properties = (Obj) subnetRole.body().get("properties").orElseThrow();
    Call definition = (Call) properties.get("roleDefinitionId").orElseThrow();
    assertEquals("subscriptionResourceId", definition.name());
    assertEquals(
        List.of(Platform.NETWORK_CONTRIBUTOR_ROLE_ID), ((Str) definition.args().get(1)).parts());
    assertEquals(
        new BicepAst.Member(
            new BicepAst.Member(new Ref("aksMain"), "identity", false), "principalId", false),
        properties.get("principalId").orElseThrow());
  }

  private static ResourceDecl named(BicepFile file, String name) {
    return file.resources().stream()
        .filter(r -> r.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no resource " + name));
  }

  private static ResourceDecl only(BicepFile file, String type) {
    List<ResourceDecl> found =
        file.resources().stream().filter(r -> r.type().equals(type)).toList();
    assertEquals(1, found.size(), type);
    return found.get(0);
  }

  private static Expr var(BicepFile file, String name) {
    return file.vars().stream()
        .filter(v -> v.name().equals(name))
        .findFirst()
        .orElseThrow()
        .value();
  }

  private static Expr member(Expr expr) {
    return expr instanceof BicepAst.Member m ? m.target() : expr;
  }

  private static List<String> strings(Arr array) {
    List<String> values = new ArrayList<>();
    array.items().forEach(item -> values.add(((Str) item).literal()));
    return values;
  }
}
