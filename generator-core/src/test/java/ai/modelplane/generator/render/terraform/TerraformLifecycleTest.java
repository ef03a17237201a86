package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.naming.AzureNames;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.testsupport.hcl.Hcl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The day-2 promises of the Terraform output: each cluster's two roots keep the providers their
 * state may need whatever pools the spec has, a pool keeps its address when its role changes, and
 * the local NicClusterPolicy chart's version follows its content.
 */
class TerraformLifecycleTest {
  private static final String SEED_ROOT = "platform/inference-westeurope/terraform/";
  private static final String SEED_IN_CLUSTER = SEED_ROOT + "in-cluster/";
  private static final Set<String> IN_CLUSTER_PROVIDERS =
      Set.of("azapi", "azurerm", "helm", "kubernetes");
  private static final String PRIVATE_IN_CLUSTER =
      "platform/inference-private/terraform/in-cluster/";
  private static final List<String> RUN_COMMAND_ACTIONS =
      List.of(
          "azapi_resource_action.in_cluster_components",
          "azapi_resource_action.in_cluster_components_removal");
  private static final Set<String> INFRASTRUCTURE_PROVIDERS = Set.of("azapi", "azurerm");

  @TempDir Path dir;

  @Test
  void theSeedWithoutInfiniBandKeepsHelmAndKubernetesInTheInClusterRoot() throws IOException {
    String seed =
        Files.readString(Fixtures.REPOSITORY.resolve("examples/inference-westeurope.yaml"));
    assertTrue(
        seed.contains("fabric: InfiniBand"), "the seed has an InfiniBand pool to switch off");
    Map<String, String> withInfiniBand = render(seed);
    Map<String, String> without = render(seed.replace("fabric: InfiniBand", "fabric: None"));

    for (Map<String, String> tree : List.of(withInfiniBand, without)) {
      assertEquals(IN_CLUSTER_PROVIDERS, requiredProviders(tree, SEED_IN_CLUSTER));
      assertEquals(IN_CLUSTER_PROVIDERS, configuredProviders(tree, SEED_IN_CLUSTER));
      assertEquals(INFRASTRUCTURE_PROVIDERS, requiredProviders(tree, SEED_ROOT));
      assertEquals(INFRASTRUCTURE_PROVIDERS, configuredProviders(tree, SEED_ROOT));
    }
    assertTrue(moduleCalls(withInfiniBand, SEED_IN_CLUSTER).contains("nvidia_network_operator"));
    assertFalse(moduleCalls(without, SEED_IN_CLUSTER).contains("nvidia_network_operator"));
    assertTrue(
        dataSources(withInfiniBand, SEED_ROOT).contains("azapi_resource.infiniband_feature"));
    assertFalse(dataSources(without, SEED_ROOT).contains("azapi_resource.infiniband_feature"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"inference-westeurope", "minimal", "multi-pool", "fleet", "every-pool-kind"})
  void theInfrastructureRootNeverReferencesHelmOrKubernetes(String example) {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example(example)));
    Set<String> roots = roots(tree);
    assertFalse(roots.isEmpty());
    for (String root : roots) {
      String inCluster = root + "in-cluster/";
      assertEquals(INFRASTRUCTURE_PROVIDERS, requiredProviders(tree, root), root);
      assertEquals(INFRASTRUCTURE_PROVIDERS, configuredProviders(tree, root), root);
      for (Map.Entry<String, Hcl.Body> file : folder(tree, root).entrySet()) {
        for (Hcl.Block block : file.getValue().blocks()) {
          if (block.type().equals("resource") || block.type().equals("data")) {
            String type = block.labels().get(0);
            assertFalse(
                type.startsWith("helm_") || type.startsWith("kubernetes_"),
                file.getKey() + ": " + type);
          }
          if (block.type().equals("module")) {
            String source = block.body().string("source");
            assertFalse(
                source.endsWith("/model-cache") || source.endsWith("/nvidia-network-operator"),
                file.getKey() + ": " + source);
          }
        }
      }
      // Every module the infrastructure root calls needs only the providers the root configures.
      for (String module : moduleSources(tree, root)) {
        assertTrue(
            INFRASTRUCTURE_PROVIDERS.containsAll(requiredProviders(tree, module)),
            module + ": " + requiredProviders(tree, module));
      }
      assertEquals(IN_CLUSTER_PROVIDERS, requiredProviders(tree, inCluster), inCluster);
      assertEquals(IN_CLUSTER_PROVIDERS, configuredProviders(tree, inCluster), inCluster);
    }
  }

  /**
   * Both in-cluster roots read their own cluster by its exact ARM id (the subscription azapi is
   * configured with, the resource group and the name the YAML derives), never by a
   * subscription-wide list by name, which also finds another namespace's cluster of the same name.
   */
  @ParameterizedTest
  @MethodSource("ai.modelplane.generator.fixtures.Fixtures#renderedExamples")
  void theInClusterRootAddressesItsClusterByItsExactId(String example) {
    List<AksCluster> clusters = Fixtures.example(example);
    Map<String, String> tree = files(TemplateRenderer.terraform().render(clusters));
    Set<String> roots = roots(tree);
    assertEquals(clusters.size(), roots.size());
    for (AksCluster cluster : clusters) {
      String inCluster =
          roots.stream()
                  .filter(r -> r.startsWith(cluster.namespace() + "/" + cluster.name() + "/"))
                  .findFirst()
                  .orElseThrow()
              + "in-cluster/";
      Hcl.Body main = folder(tree, inCluster).get(inCluster + "main.tf");
      assertEquals(
          List.of(),
          dataSources(tree, inCluster).stream()
              .filter(d -> d.startsWith("azurerm_resources."))
              .toList(),
          inCluster);
      Hcl.Body read = main.block("data", "azapi_resource", "cluster").body();
      AzureNames names = cluster.names();
      assertEquals(names.cluster(), read.string("name"), inCluster);
      assertEquals(
          new Hcl.Template(
              List.of(
                  new Hcl.Traversal(
                      "data",
                      List.of("azapi_client_config", "current", "subscription_resource_id")),
                  "/resourceGroups/" + names.resourceGroup())),
          read.attribute("parent_id").orElseThrow().value(),
          inCluster);
      assertFalse(read.attribute("resource_id").isPresent(), inCluster);
      assertEquals(new Hcl.Literal(true), read.attribute("ignore_not_found").orElseThrow().value());
      main.block("data", "azapi_client_config", "current");
      if (cluster.spec().privateEndpoint()) {
        // With EntraID a destroy cannot carry the run command's token: no removal action.
        boolean entraId = cluster.spec().authentication().entraId();
        assertEquals(
            entraId,
            main.blocks("resource").stream()
                .noneMatch(b -> b.labels().get(1).equals("in_cluster_components_removal")),
            inCluster);
        for (String action : entraId ? RUN_COMMAND_ACTIONS.subList(0, 1) : RUN_COMMAND_ACTIONS) {
          String[] address = action.split("\\.");
          Hcl.Body body = main.block("resource", address[0], address[1]).body();
          assertEquals(
              new Hcl.Traversal("data", List.of("azapi_resource", "cluster", "id")),
              body.attribute("resource_id").orElseThrow().value(),
              action);
        }
      }
    }
  }

  /**
   * The removal command a private root stores for destroy carries the resourceUID of the cluster it
   * was made for and deletes nothing unless the cluster it runs on holds that resourceUID in the
   * mark only the converging command writes.
   */
  @Test
  void thePrivateRemovalCommandChecksItRunsOnTheClusterItWasMadeFor() {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example("private-cluster")));
    Hcl.Body main = folder(tree, PRIVATE_IN_CLUSTER).get(PRIVATE_IN_CLUSTER + "main.tf");
    Hcl.Traversal uid =
        new Hcl.Traversal(
            "data", List.of("azapi_resource", "cluster", "output", "properties", "resourceUID"));
    List<Object> converge = command(main, "in_cluster_components");
    List<Object> removal = command(main, "in_cluster_components_removal");
    for (List<Object> command : List.of(converge, removal)) {
      assertEquals("cluster_uid='", command.get(0));
      assertEquals(uid, command.get(1));
      assertTrue(((String) command.get(2)).startsWith("' && "), command.get(2).toString());
    }
    String install = (String) converge.get(2);
    String remove = (String) removal.get(2);
    String mark =
        "kubectl create configmap modelplane-cluster --namespace kube-system"
            + " --from-literal=resourceUID=\"$cluster_uid\"";
    assertTrue(install.startsWith("' && " + mark), install);
    String check =
        "' && if [ \"$(kubectl get configmap modelplane-cluster --namespace kube-system -o"
            + " jsonpath='{.data.resourceUID}' 2>/dev/null)\" != \"$cluster_uid\" ]; then ";
    assertTrue(remove.startsWith(check), remove);
    int exit = remove.indexOf("exit 1; fi && ");
    assertTrue(exit > 0, remove);
    assertTrue(
        remove.indexOf("kubectl delete") > exit && remove.indexOf("helm uninstall") > exit,
        "nothing is deleted before the check: " + remove);
    assertTrue(
        remove.endsWith(
            "kubectl delete configmap modelplane-cluster --namespace kube-system --ignore-not-found"),
        remove);
    assertFalse(install.contains("kubectl get configmap"), install);
  }

  /**
   * A public in-cluster root forgets the run-command actions a private revision of it left in state
   * (a destroy would run the stored removal on the new cluster under the same id), and keeps the
   * provider that wrote them.
   */
  @Test
  void aPublicRootForgetsThePrivateRootsRunCommandActions() {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example("inference-westeurope")));
    Hcl.Body main = folder(tree, SEED_IN_CLUSTER).get(SEED_IN_CLUSTER + "main.tf");
    List<String> forgotten = new java.util.ArrayList<>();
    for (Hcl.Block removed : main.blocks("removed")) {
      Hcl.Traversal from = (Hcl.Traversal) removed.body().attribute("from").orElseThrow().value();
      forgotten.add(from.dotted());
      Hcl.Body lifecycle = removed.body().blocks("lifecycle").get(0).body();
      assertEquals(
          new Hcl.Literal(false),
          lifecycle.attribute("destroy").orElseThrow().value(),
          from.dotted());
    }
    assertEquals(RUN_COMMAND_ACTIONS, forgotten);
    assertTrue(requiredProviders(tree, SEED_IN_CLUSTER).contains("azapi"));
    assertTrue(configuredProviders(tree, SEED_IN_CLUSTER).contains("azapi"));
  }

  private static List<Object> command(Hcl.Body main, String action) {
    Hcl.Body body = main.block("resource", "azapi_resource_action", action).body();
    Hcl.ObjectCons request = (Hcl.ObjectCons) body.attribute("body").orElseThrow().value();
    return ((Hcl.Template) request.items().get("command")).parts();
  }

  @Test
  void aPoolKeepsItsModuleAddressWhenItsRoleChanges() {
    // The scenario spec's System pool, then a pool "extra" in either role.
    String head = TerraformScenarioTest.HEAD + "    - name: extra\n";
    String asSystem = head + "      role: System\n      vmSize: Standard_NC8as_T4_v3\n";
    String asGpu =
        head
            + "      role: GPU\n      vmSize: Standard_NC8as_T4_v3\n      gpu:\n        acceleratorType: nvidia-t4\n";
    Hcl.Body system = Hcl.parse(render(asSystem).get("team/scenario/terraform/main.pool-extra.tf"));
    Hcl.Body gpu = Hcl.parse(render(asGpu).get("team/scenario/terraform/main.pool-extra.tf"));

    for (Hcl.Body pool : List.of(system, gpu)) {
      assertEquals(
          List.of("node_pool_extra"),
          pool.blocks("module").stream().map(b -> b.labels().get(0)).toList());
      assertEquals(
          "../../../modules/terraform/node-pool",
          pool.block("module", "node_pool_extra").body().string("source"));
    }
    assertEquals("System", system.block("module", "node_pool_extra").body().string("mode"));
    assertEquals("User", gpu.block("module", "node_pool_extra").body().string("mode"));
  }

  @Test
  void gpuPoolsUpgradeWithoutSurgeAndSystemPoolsSurge() {
    // azurerm v5.2.0 refuses both max_surge and max_unavailable (ConflictsWith); AKS refuses max
    // unavailable on System pools.
    String head = TerraformScenarioTest.HEAD + "    - name: extra\n";
    Hcl.Body system =
        Hcl.parse(
                render(head + "      role: System\n      vmSize: Standard_NC8as_T4_v3\n")
                    .get("team/scenario/terraform/main.pool-extra.tf"))
            .block("module", "node_pool_extra")
            .body();
    Hcl.Body gpu =
        Hcl.parse(
                render(
                        head
                            + "      role: GPU\n      vmSize: Standard_NC8as_T4_v3\n      gpu:\n        acceleratorType: nvidia-t4\n")
                    .get("team/scenario/terraform/main.pool-extra.tf"))
            .block("module", "node_pool_extra")
            .body();
    assertEquals(Platform.MAX_SURGE, system.string("max_surge"));
    assertTrue(system.attribute("max_unavailable").isEmpty());
    assertEquals(Platform.GPU_MAX_UNAVAILABLE, gpu.string("max_unavailable"));
    assertTrue(gpu.attribute("max_surge").isEmpty());
  }

  /**
   * After AKS auto-patches, azurerm reads the patch back into {@code kubernetes_version} and {@code
   * orchestrator_version} (azurerm v4.81.0 kubernetes_cluster_resource.go:2972,
   * kubernetes_cluster_node_pool_resource.go:1229-1233, kubernetes_nodepool.go:1347-1351) and azapi
   * reads it back into an update's body (azapi v2.9.0 azapi_update_resource.go:613-664): none of
   * them may be compared with the YAML's minor, or every plan shows a version change.
   */
  @ParameterizedTest
  @ValueSource(strings = {"multi-pool", "private-cluster"})
  void noVersionAzureReadsBackIsComparedWithTheMinor(String example) {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example(example)));
    String clusterModule =
        example.equals("private-cluster")
            ? "modules/terraform/private-cluster/main.tf"
            : "modules/terraform/cluster/main.tf";
    Hcl.Body cluster = Hcl.parse(tree.get(clusterModule));
    assertEquals(
        Set.of(
            "default_node_pool[].node_count",
            "default_node_pool[].orchestrator_version",
            "kubernetes_version"),
        ignored(cluster.block("resource", "azurerm_kubernetes_cluster", "this").body()));
    Hcl.Body pool = Hcl.parse(tree.get("modules/terraform/node-pool/main.tf"));
    if (example.equals("multi-pool")) {
      assertEquals(
          Set.of("node_count", "orchestrator_version"),
          ignored(pool.block("resource", "azurerm_kubernetes_cluster_node_pool", "this").body()));
    }
    for (Hcl.Body module : List.of(cluster, pool)) {
      for (Hcl.Block update : module.blocks("resource")) {
        if (update.labels().get(0).equals("azapi_update_resource")) {
          Hcl.Body lifecycle = update.body().blocks("lifecycle").get(0).body();
          assertEquals(
              "all",
              ((Hcl.Traversal) lifecycle.attribute("ignore_changes").orElseThrow().value())
                  .dotted(),
              update.labels().toString());
          assertEquals(
              1,
              ((Hcl.Tuple) lifecycle.attribute("replace_triggered_by").orElseThrow().value())
                  .items()
                  .size());
        }
      }
    }
  }

  /**
   * AKS refuses a node pool newer than its control plane (azure-aks-docs fb060abe6a8f
   * upgrade-aks-control-plane.md:191-193, upgrade-node-pools.md:103): the default pool's update
   * waits for the control plane's, and the further pools take their version from the cluster
   * module's output, which waits for it too.
   */
  @Test
  void poolsUpgradeAfterTheControlPlane() {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example("multi-pool")));
    Hcl.Body cluster = Hcl.parse(tree.get("modules/terraform/cluster/main.tf"));
    assertEquals(
        List.of("azapi_update_resource.kubernetes_version"),
        dependsOn(
            cluster
                .block("resource", "azapi_update_resource", "default_node_pool_version")
                .body()));
    Hcl.Body outputs = Hcl.parse(tree.get("modules/terraform/cluster/outputs.tf"));
    assertEquals(
        List.of("azapi_update_resource.kubernetes_version"),
        dependsOn(outputs.block("output", "kubernetes_version").body()));
    int pools = 0;
    for (Map.Entry<String, String> file : tree.entrySet()) {
      if (file.getKey().contains("/terraform/main.pool-")) {
        for (Hcl.Block call : Hcl.parse(file.getValue()).blocks("module")) {
          assertEquals(
              "module.cluster.kubernetes_version",
              ((Hcl.Traversal) call.body().attribute("kubernetes_version").orElseThrow().value())
                  .dotted(),
              file.getKey());
          pools++;
        }
      }
    }
    assertEquals(2, pools);
  }

  private static Set<String> ignored(Hcl.Body resource) {
    Set<String> ignored = new TreeSet<>();
    Hcl.Body lifecycle = resource.blocks("lifecycle").get(0).body();
    for (Hcl.Expr item :
        ((Hcl.Tuple) lifecycle.attribute("ignore_changes").orElseThrow().value()).items()) {
      ignored.add(((Hcl.Traversal) item).dotted());
    }
    return ignored;
  }

  private static List<String> dependsOn(Hcl.Body body) {
    return ((Hcl.Tuple) body.attribute("depends_on").orElseThrow().value())
        .items().stream().map(item -> ((Hcl.Traversal) item).dotted()).toList();
  }

  @Test
  void theClusterModuleGivesItsIdentityNetworkContributorOnTheSubnetOnly() {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example("inference-westeurope")));
    Hcl.Body cluster = Hcl.parse(tree.get("modules/terraform/cluster/main.tf"));
    List<Hcl.Block> assignments =
        cluster.blocks("resource").stream()
            .filter(b -> b.labels().get(0).equals("azurerm_role_assignment"))
            .toList();
    assertEquals(1, assignments.size());
    Hcl.Body assignment = assignments.get(0).body();
    assertEquals(
        "var.subnet_id",
        ((Hcl.Traversal) assignment.attribute("scope").orElseThrow().value()).dotted());
    assertTrue(
        assignment.attribute("principal_id").orElseThrow().value().toString().contains("identity"));
    assertTrue(
        assignment
            .attribute("role_definition_id")
            .orElseThrow()
            .value()
            .toString()
            .contains(Platform.NETWORK_CONTRIBUTOR_ROLE_ID));
    Hcl.Body aks = cluster.block("resource", "azurerm_kubernetes_cluster", "this").body();
    assertEquals(1, aks.blocks("maintenance_window_auto_upgrade").size());
    assertEquals(1, aks.blocks("maintenance_window_node_os").size());
  }

  private static boolean movesTheResourceGroupModule(Hcl.Block moved) {
    Set<String> ends = new java.util.TreeSet<>();
    for (String end : List.of("from", "to")) {
      if (moved.body().attribute(end).orElseThrow().value() instanceof Hcl.Traversal t) {
        ends.add(t.dotted());
      }
    }
    return ends.equals(Set.of("module.network", "module.resource_group"));
  }

  @ParameterizedTest
  @MethodSource("ai.modelplane.generator.fixtures.Fixtures#renderedExamples")
  void noRootCarriesMigrationCodeForLayoutsThatWereNeverReleased(String example) {
    // The first release's layout is the baseline: no moved blocks from per-role pool addresses and
    // no
    // removed blocks for in-cluster modules the infrastructure root never held in a release. The
    // private in-cluster root's removed blocks stay: they serve a Public to Private switch of
    // today's
    // layout (docs/private-clusters.md).
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example(example)));
    assertFalse(roots(tree).isEmpty());
    for (String root : roots(tree)) {
      for (Map.Entry<String, Hcl.Body> file : folder(tree, root).entrySet()) {
        // The one moved block that stays serves a switch of today's layout, like the removed
        // blocks above: the resource group between the network module and the resource-group
        // module of a cluster on an existing subnet (spec.networking.subnetId).
        assertEquals(
            List.of(),
            file.getValue().blocks("moved").stream()
                .filter(moved -> !movesTheResourceGroupModule(moved))
                .toList(),
            file.getKey());
        assertEquals(List.of(), file.getValue().blocks("removed"), file.getKey());
      }
    }
    tree.forEach(
        (path, text) ->
            assertFalse(text.toLowerCase(java.util.Locale.ROOT).contains("earlier release"), path));
  }

  @Test
  void thePolicyChartVersionIsTheDigestOfThePolicyItShips() throws NoSuchAlgorithmException {
    Map<String, String> tree =
        files(TemplateRenderer.terraform().render(Fixtures.example("inference-westeurope")));
    String chart = "modules/terraform/nvidia-network-operator/charts/nic-cluster-policy/";
    byte[] digest =
        MessageDigest.getInstance("SHA-256")
            .digest(
                tree.get(chart + "templates/nic-cluster-policy.yaml")
                    .getBytes(StandardCharsets.UTF_8));
    String expected = "1.0.0+" + HexFormat.of().formatHex(digest).substring(0, 12);

    assertTrue(
        tree.get(chart + "Chart.yaml").contains("\nversion: " + expected + "\n"),
        tree.get(chart + "Chart.yaml"));
    Hcl.Body module = Hcl.parse(tree.get("modules/terraform/nvidia-network-operator/main.tf"));
    Hcl.Body policy = module.block("resource", "helm_release", "nic_cluster_policy").body();
    assertEquals(expected, policy.string("version"));
    for (String release : List.of("network_operator", "nic_cluster_policy")) {
      Hcl.Body body = module.block("resource", "helm_release", release).body();
      for (String flag : List.of("atomic", "cleanup_on_fail", "upgrade_install")) {
        assertEquals(
            new Hcl.Literal(true),
            body.attribute(flag).orElseThrow().value(),
            release + "." + flag);
      }
    }
  }

  private Map<String, String> render(String yaml) {
    return files(TemplateRenderer.terraform().render(Fixtures.clusters(yaml, dir, "cluster.yaml")));
  }

  private static Map<String, String> files(List<GeneratedFile> generated) {
    Map<String, String> byPath = new TreeMap<>();
    generated.forEach(f -> byPath.put(f.relativePath(), f.content()));
    return byPath;
  }

  /** The infrastructure roots: folders ending in {@code /terraform/} with a terraform.tf. */
  private static Set<String> roots(Map<String, String> tree) {
    Set<String> roots = new TreeSet<>();
    tree.keySet().stream()
        .filter(p -> p.endsWith("/terraform/terraform.tf"))
        .forEach(p -> roots.add(p.substring(0, p.length() - "terraform.tf".length())));
    return roots;
  }

  /** The parsed .tf files directly in {@code folder}. */
  private static Map<String, Hcl.Body> folder(Map<String, String> tree, String folder) {
    Map<String, Hcl.Body> bodies = new TreeMap<>();
    tree.forEach(
        (path, text) -> {
          if (path.startsWith(folder)
              && path.endsWith(".tf")
              && path.indexOf('/', folder.length()) < 0) {
            bodies.put(path, Hcl.parse(text));
          }
        });
    return bodies;
  }

  private static Set<String> requiredProviders(Map<String, String> tree, String folder) {
    Set<String> names = new TreeSet<>();
    for (Hcl.Body body : folder(tree, folder).values()) {
      for (Hcl.Block terraform : body.blocks("terraform")) {
        terraform
            .body()
            .blocks("required_providers")
            .forEach(r -> r.body().attributes().forEach(a -> names.add(a.name())));
      }
    }
    return names;
  }

  private static Set<String> configuredProviders(Map<String, String> tree, String folder) {
    Set<String> names = new TreeSet<>();
    folder(tree, folder)
        .values()
        .forEach(body -> body.blocks("provider").forEach(p -> names.add(p.labels().get(0))));
    return names;
  }

  private static Set<String> moduleCalls(Map<String, String> tree, String folder) {
    Set<String> names = new TreeSet<>();
    folder(tree, folder)
        .values()
        .forEach(body -> body.blocks("module").forEach(m -> names.add(m.labels().get(0))));
    return names;
  }

  private static Set<String> dataSources(Map<String, String> tree, String folder) {
    Set<String> names = new TreeSet<>();
    folder(tree, folder)
        .values()
        .forEach(
            body ->
                body.blocks("data")
                    .forEach(d -> names.add(d.labels().get(0) + "." + d.labels().get(1))));
    return names;
  }

  /**
   * The module folders {@code root} calls, relative to the output folder, with a trailing {@code
   * /}.
   */
  private static Set<String> moduleSources(Map<String, String> tree, String root) {
    Set<String> folders = new TreeSet<>();
    folder(tree, root)
        .values()
        .forEach(
            body ->
                body.blocks("module")
                    .forEach(
                        m ->
                            folders.add(
                                Path.of(root, m.body().string("source"))
                                        .normalize()
                                        .toString()
                                        .replace('\\', '/')
                                    + "/")));
    return folders;
  }

  private static Hcl.Block only(List<Hcl.Block> blocks) {
    assertEquals(1, blocks.size(), blocks.toString());
    return blocks.get(0);
  }
}
