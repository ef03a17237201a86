package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.render.GeneratedFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Specs shaped to exercise one rendering rule each, loaded through the real loader. */
class TerraformScenarioTest {
  /** A cluster with only its System pool; other tests append pools. */
  static final String HEAD = Fixtures.cluster("scenario", "team", "westeurope");

  private static final String SECOND_SYSTEM =
      """
          - name: system2
            role: System
            vmSize: Standard_D8s_v5
            nodeCount: 2
            minNodeCount: 2
            maxNodeCount: 4
      """;
  private static final String IB_POOL =
      """
          - name: h100
            role: GPU
            vmSize: Standard_ND96isr_H100_v5
            nodeCount: 1
            minNodeCount: 1
            maxNodeCount: 4
            fabric: InfiniBand
            gpu:
              acceleratorType: nvidia-h100
      """;
  private static final String T4_POOL =
      """
          - name: t4
            role: GPU
            vmSize: Standard_NC8as_T4_v3
            nodeCount: 1
            minNodeCount: 1
            maxNodeCount: 6
            zones: ["1", "2"]
            gpu:
              acceleratorType: nvidia-t4
      """;

  @TempDir Path dir;

  private Map<String, String> render(String yaml) {
    List<GeneratedFile> files =
        TemplateRenderer.terraform().render(Fixtures.clusters(yaml, dir, "scenario.yaml"));
    Map<String, String> byPath = new TreeMap<>();
    files.forEach(f -> byPath.put(f.relativePath(), f.content()));
    return byPath;
  }

  private static TreeSet<String> modules(Map<String, String> files) {
    return files.keySet().stream()
        .filter(p -> p.startsWith("modules/terraform/"))
        .map(p -> p.split("/")[2])
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void onlySystemPoolMeansNoGpuModulesAndNoOperator() {
    Map<String, String> files = render(HEAD);
    assertEquals(
        List.of(
            "team/scenario/terraform/in-cluster/main.tf",
            "team/scenario/terraform/in-cluster/providers.tf",
            "team/scenario/terraform/in-cluster/terraform.tf",
            "team/scenario/terraform/main.tf",
            "team/scenario/terraform/outputs.tf",
            "team/scenario/terraform/providers.tf",
            "team/scenario/terraform/terraform.tf"),
        files.keySet().stream().filter(p -> p.startsWith("team/")).toList());
    assertEquals(new TreeSet<>(List.of("cluster", "model-cache", "network")), modules(files));
    String main = files.get("team/scenario/terraform/main.tf");
    assertFalse(main.contains("module \"nvidia_network_operator\""), main);
    assertFalse(main.contains("infiniband_feature"), main);
    assertFalse(
        files
            .get("team/scenario/terraform/in-cluster/main.tf")
            .contains("module \"nvidia_network_operator\""));
    assertFalse(files.get("team/scenario/terraform/terraform.tf").contains("helm"));
    assertTrue(main.contains("    name                        = \"system\"\n"), main);
  }

  @Test
  void twoGpuPoolsOneInfiniBand() {
    Map<String, String> files = render(HEAD + IB_POOL + T4_POOL);
    assertEquals(
        new TreeSet<>(
            List.of(
                "cluster",
                "model-cache",
                "network",
                "node-feature-discovery",
                "node-pool",
                "nvidia-dra-driver",
                "nvidia-network-operator")),
        modules(files));
    String ib = files.get("team/scenario/terraform/main.pool-h100.tf");
    String t4 = files.get("team/scenario/terraform/main.pool-t4.tf");
    assertTrue(ib.contains("module \"node_pool_h100\" {\n"), ib);
    assertTrue(
        ib.contains(
            "  node_labels                 = { \"modelplane.ai/fabric\" = \"infiniband\", \"modelplane.ai/gpu\" = \"nvidia-h100\", \"modelplane.ai/pool\" = \"h100\" }\n"),
        ib);
    assertTrue(
        t4.contains(
            "  node_labels                 = { \"modelplane.ai/gpu\" = \"nvidia-t4\", \"modelplane.ai/pool\" = \"t4\" }\n"),
        t4);
    assertTrue(t4.contains("  zones                       = [\"1\", \"2\"]\n"), t4);
    for (String pool : List.of(ib, t4)) {
      assertTrue(
          pool.contains("  node_taints                 = [\"nvidia.com/gpu=true:NoSchedule\"]\n"),
          pool);
      assertTrue(pool.contains("  gpu_driver                  = \"Install\"\n"), pool);
    }
    String inCluster = files.get("team/scenario/terraform/in-cluster/main.tf");
    assertEquals(1, inCluster.split("module \"nvidia_network_operator\"", -1).length - 1);
    assertTrue(
        inCluster.contains(
            "# The NVIDIA network operator and its NicClusterPolicy, because spec.nodePools[1] (\"h100\")\n"),
        inCluster);
    assertTrue(
        files
            .get("team/scenario/terraform/main.tf")
            .contains("# spec.nodePools[1] (\"h100\") set fabric InfiniBand"));
    assertTrue(
        files.get("team/scenario/terraform/in-cluster/terraform.tf").contains("    helm = {\n"));
  }

  @Test
  void furtherSystemPoolUsesTheNodePoolModuleInSystemMode() {
    Map<String, String> files = render(HEAD + SECOND_SYSTEM);
    String pool = files.get("team/scenario/terraform/main.pool-system2.tf");
    assertTrue(
        pool.contains(
            "module \"node_pool_system2\" {\n  source = \"../../../modules/terraform/node-pool\"\n"),
        pool);
    assertTrue(pool.contains("  mode                        = \"System\"\n"), pool);
    assertTrue(pool.contains("  node_taints                 = []\n"), pool);
    assertFalse(pool.contains("gpu_driver"), pool);
    assertFalse(pool.contains("moved {"), pool);
    assertEquals(
        new TreeSet<>(List.of("cluster", "model-cache", "network", "node-pool")), modules(files));
  }

  @Test
  void removingAPoolRemovesOnlyItsFile() {
    Map<String, String> before = render(HEAD + IB_POOL + T4_POOL);
    Map<String, String> after = render(HEAD + IB_POOL);
    Map<String, String> expected = new TreeMap<>(before);
    expected.remove("team/scenario/terraform/main.pool-t4.tf");
    assertEquals(expected, after);
  }
}
