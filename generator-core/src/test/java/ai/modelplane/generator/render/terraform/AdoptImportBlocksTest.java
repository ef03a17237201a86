package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.Generator;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.render.Target;
import ai.modelplane.testsupport.hcl.Hcl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.approvaltests.Approvals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code generate --adopt}: in every infrastructure root, each resource the root manages (its own
 * and those of the modules it calls, read from the generated files) has exactly one {@code import}
 * block, and each ARM id is built from the names the same root passes to its modules. The
 * in-cluster root gets import blocks only under {@code --adopt-in-cluster}, and then only for its
 * Kubernetes objects: an import of an object the cluster lacks fails the plan, and the Helm
 * releases need none.
 */
class AdoptImportBlocksTest {
  /**
   * The one resource without an import block: a role assignment's name is a GUID that whoever
   * created it chose, so no id can be derived for it (docs/adoption.md says what to do when the
   * subnet already has one).
   */
  private static final String SUBNET_ROLE_ASSIGNMENT =
      "module.cluster.azurerm_role_assignment.subnet_network_contributor";

  private static final String SUBSCRIPTION = "data.azurerm_client_config.adopt.subscription_id";

  /**
   * Neither holds an Azure object of its own, so neither is imported: the version keeper lives only
   * in state (hashicorp/terraform v1.9.3 internal/builtin/providers/terraform/resource_data.go),
   * and creating a version update on an adopted cluster sends the minor it runs, which AKS takes as
   * no upgrade; deleting one does nothing (azapi v2.9.0 azapi_update_resource.go:669-671).
   */
  private static boolean holdsAnAzureObject(String address) {
    return !address.contains(".terraform_data.") && !address.contains(".azapi_update_resource.");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"inference-westeurope", "minimal", "multi-pool", "fleet"})
  void everyAzureResourceHasExactlyOneImportBlockAndTheClusterNone(
      String example, @TempDir Path out) throws IOException {
    generate(example, out, Adopt.AZURE);
    List<Path> roots = roots(out);
    assertFalse(roots.isEmpty());
    for (Path root : roots) {
      if (root.endsWith("in-cluster")) {
        // Nothing here may fail the first plan of a cluster Modelplane did not build.
        assertFalse(Files.exists(root.resolve("imports.tf")), root.toString());
        continue;
      }
      Map<String, Integer> imports = new TreeMap<>();
      importBlocks(root).forEach(block -> imports.merge(address(block), 1, Integer::sum));
      Map<String, Integer> expected = new TreeMap<>();
      resourceAddresses(root).stream()
          .filter(address -> !address.equals(SUBNET_ROLE_ASSIGNMENT))
          .filter(AdoptImportBlocksTest::holdsAnAzureObject)
          .forEach(address -> expected.put(address, 1));
      assertEquals(expected, imports, root.toString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"inference-westeurope", "minimal", "multi-pool", "fleet"})
  void adoptInClusterImportsEachKubernetesObjectOnceAndNoHelmRelease(
      String example, @TempDir Path out) throws IOException {
    generate(example, out, Adopt.IN_CLUSTER);
    for (Path root : roots(out)) {
      Map<String, Integer> imports = new TreeMap<>();
      importBlocks(root).forEach(block -> imports.merge(address(block), 1, Integer::sum));
      Map<String, Integer> expected = new TreeMap<>();
      resourceAddresses(root).stream()
          .filter(address -> !address.contains(".helm_release."))
          .filter(address -> !address.equals(SUBNET_ROLE_ASSIGNMENT))
          .filter(AdoptImportBlocksTest::holdsAnAzureObject)
          .forEach(address -> expected.put(address, 1));
      assertEquals(expected, imports, root.toString());
    }
  }

  @Test
  void everyHelmReleaseTheInClusterRootManagesUpgradesAReleaseThatExists(@TempDir Path out)
      throws IOException {
    // helm v3.1.2 resource_helm_release.go:874-891: with upgrade_install, Create upgrades a release
    // of the same name instead of installing it; that is why no release gets an import block.
    generate("inference-westeurope", out, Adopt.IN_CLUSTER);
    Path root = roots(out).stream().filter(r -> r.endsWith("in-cluster")).findFirst().orElseThrow();
    int releases = 0;
    for (Hcl.Block module : parse(root.resolve("main.tf")).blocks("module")) {
      Path source = root.resolve(module.body().string("source")).normalize();
      for (Path file : files(source, "")) {
        for (Hcl.Block resource : parse(file).blocks("resource")) {
          if (resource.labels().get(0).equals("helm_release")) {
            releases++;
            assertEquals(
                Boolean.TRUE,
                ((Hcl.Literal) resource.body().attribute("upgrade_install").orElseThrow().value())
                    .value(),
                file + " " + resource.labels());
          }
        }
      }
    }
    assertEquals(
        4,
        releases,
        "node feature discovery, the network operator, the NicClusterPolicy, the DRA driver");
  }

  @Test
  void theImportFilesAreApproved(@TempDir Path out) throws IOException {
    StringBuilder dump = new StringBuilder();
    for (Adopt adopt : List.of(Adopt.AZURE, Adopt.IN_CLUSTER)) {
      Path tree = out.resolve(adopt.name());
      generate("inference-westeurope", tree, adopt);
      try (Stream<Path> files = Files.walk(tree)) {
        for (Path file :
            files.filter(f -> f.getFileName().toString().equals("imports.tf")).sorted().toList()) {
          dump.append("=== ")
              .append(adopt.option)
              .append(": ")
              .append(tree.relativize(file).toString().replace('\\', '/'))
              .append('\n')
              .append(Files.readString(file));
        }
      }
    }
    Approvals.verify(dump.toString());
  }

  @Test
  void armIdsUseTheNamesTheRootPassesToItsModules(@TempDir Path out) throws IOException {
    generate("multi-pool", out, Adopt.AZURE);
    for (Path root : roots(out)) {
      if (root.endsWith("in-cluster")) {
        continue;
      }
      Hcl.Body main = parse(root.resolve("main.tf"));
      Hcl.Body network = main.block("module", "network").body();
      String group =
          "/subscriptions/${"
              + SUBSCRIPTION
              + "}/resourceGroups/"
              + network.string("resource_group_name");
      String vnet =
          group
              + "/providers/Microsoft.Network/virtualNetworks/"
              + network.string("virtual_network_name");
      String cluster =
          group
              + "/providers/Microsoft.ContainerService/managedClusters/"
              + main.block("module", "cluster").body().string("name");
      Map<String, String> expected = new TreeMap<>();
      expected.put("module.network.azurerm_resource_group.this", group);
      expected.put("module.network.azurerm_virtual_network.this", vnet);
      expected.put(
          "module.network.azurerm_subnet.nodes",
          vnet + "/subnets/" + network.string("subnet_name"));
      expected.put("module.cluster.azurerm_kubernetes_cluster.this", cluster);
      for (Path poolFile : files(root, "main.pool-")) {
        Hcl.Block pool = parse(poolFile).blocks("module").get(0);
        expected.put(
            "module." + pool.labels().get(0) + ".azurerm_kubernetes_cluster_node_pool.this",
            cluster + "/agentPools/" + pool.body().string("name"));
      }
      Map<String, String> actual = new TreeMap<>();
      importBlocks(root).forEach(block -> actual.put(address(block), id(block)));
      assertEquals(expected, actual, root.toString());
    }
  }

  @Test
  void withoutAdoptThereAreNoImportBlocks(@TempDir Path out) throws IOException {
    generate("multi-pool", out, Adopt.NONE);
    try (Stream<Path> files = Files.walk(out)) {
      assertTrue(files.noneMatch(file -> file.getFileName().toString().equals("imports.tf")));
    }
  }

  /** The three ways to generate: without imports, {@code --adopt}, {@code --adopt-in-cluster}. */
  enum Adopt {
    NONE(""),
    AZURE("--adopt"),
    IN_CLUSTER("--adopt-in-cluster");

    final String option;

    Adopt(String option) {
      this.option = option;
    }
  }

  private static void generate(String example, Path out, Adopt adopt) throws IOException {
    GenerationRequest request =
        GenerationRequest.of(
                List.of("examples/" + example + ".yaml"),
                Path.of("..").toAbsolutePath().normalize(),
                out,
                Set.of(Target.TERRAFORM))
            .withAdopt(adopt == Adopt.AZURE)
            .withAdoptInCluster(adopt == Adopt.IN_CLUSTER);
    Generator.generate(request, ProgressListener.SILENT);
  }

  /** Every folder with a main.tf outside the shared modules: the two roots of each cluster. */
  static List<Path> roots(Path out) throws IOException {
    try (Stream<Path> files = Files.walk(out)) {
      return files
          .filter(file -> file.getFileName().toString().equals("main.tf"))
          .map(Path::getParent)
          .filter(dir -> !out.relativize(dir).startsWith("modules"))
          .sorted()
          .toList();
    }
  }

  static List<Hcl.Block> importBlocks(Path root) throws IOException {
    List<Hcl.Block> blocks = new ArrayList<>();
    for (Path file : files(root, "")) {
      blocks.addAll(parse(file).blocks("import"));
    }
    return blocks;
  }

  static String address(Hcl.Block block) {
    Hcl.Expr to = block.body().attribute("to").orElseThrow().value();
    if (!(to instanceof Hcl.Traversal traversal)) {
      throw new AssertionError("import to is not an address: " + to);
    }
    return traversal.dotted();
  }

  /** The id as written, interpolations as {@code ${traversal}}. */
  static String id(Hcl.Block block) {
    Hcl.Expr id = block.body().attribute("id").orElseThrow().value();
    if (id instanceof Hcl.Literal literal) {
      return (String) literal.value();
    }
    StringBuilder text = new StringBuilder();
    for (Object part : ((Hcl.Template) id).parts()) {
      text.append(part instanceof Hcl.Traversal t ? "${" + t.dotted() + "}" : part);
    }
    return text.toString();
  }

  /**
   * The root's own resources and every resource of each module it calls (shared modules declare no
   * modules).
   */
  static List<String> resourceAddresses(Path root) throws IOException {
    List<String> addresses = new ArrayList<>();
    for (Path file : files(root, "")) {
      Hcl.Body body = parse(file);
      body.blocks("resource")
          .forEach(r -> addresses.add(r.labels().get(0) + "." + r.labels().get(1)));
      for (Hcl.Block module : body.blocks("module")) {
        Path source = root.resolve(module.body().string("source")).normalize();
        for (Path moduleFile : files(source, "")) {
          parse(moduleFile)
              .blocks("resource")
              .forEach(
                  r ->
                      addresses.add(
                          "module."
                              + module.labels().get(0)
                              + "."
                              + r.labels().get(0)
                              + "."
                              + r.labels().get(1)));
        }
      }
    }
    return addresses;
  }

  private static List<Path> files(Path folder, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .filter(
              f ->
                  f.getFileName().toString().startsWith(prefix)
                      && f.getFileName().toString().endsWith(".tf"))
          .sorted()
          .toList();
    }
  }

  private static Hcl.Body parse(Path file) {
    try {
      return Hcl.parse(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
