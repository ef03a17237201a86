package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The consequences come from the facts file, and the file covers exactly what the diff compares. */
class ChangeFactsTest {
  @Test
  void factsFileCoversEveryComparedPropertyOnce() {
    List<String> keys = ChangeFacts.bundled().all().stream().map(f -> f.scope() + "." + f.property()).toList();
    assertEquals(List.of(
        "cluster.added", "cluster.removed", "cluster.namespace", "cluster.name", "cluster.location",
        "cluster.kubernetesVersion", "cluster.vnetCidr", "cluster.subnetCidr", "cluster.networkOperator", "cluster.defaultPool",
        "pool.added", "pool.removed", "pool.name", "pool.vmSize", "pool.diskSizeGb", "pool.zones", "pool.gpuDriver",
        "pool.mode", "pool.minNodeCount", "pool.maxNodeCount", "pool.nodeCount", "pool.fabric", "pool.labels",
        "pool.taints"), keys);
  }

  @Test
  void replacementFactsMatchTheProviderReference() {
    ChangeFacts facts = ChangeFacts.bundled();
    assertEquals(Consequence.POOL_RECREATED, facts.pool("vmSize").consequence());
    assertEquals(Consequence.POOL_RECREATED, facts.pool("diskSizeGb").consequence());
    assertEquals(Consequence.POOL_RECREATED, facts.pool("zones").consequence());
    assertEquals(Consequence.POOL_RECREATED, facts.pool("gpuDriver").consequence());
    assertEquals(Consequence.IN_PLACE, facts.pool("maxNodeCount").consequence());
    assertEquals(Consequence.CLUSTER_RECREATED, facts.cluster("location").consequence());
    assertEquals(Consequence.CLUSTER_RECREATED, facts.cluster("subnetCidr").consequence());
    assertEquals("azurerm 4.73.0: gpu_driver is ForceNew (since 4.40.0); AKS docs: gpuProfile.driver is immutable after creation", facts.pool("gpuDriver").source());
  }

  @Test
  void editingTheFactsFileChangesTheConsequence() throws IOException {
    String edited;
    try (InputStream in = ChangeFacts.class.getClassLoader().getResourceAsStream(ChangeFacts.RESOURCE)) {
      edited = new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .replace("""
              azure: vm_size / vmSize
                  consequence: pool-recreated""", """
              azure: vm_size / vmSize
                  consequence: in-place""");
    }
    ChangeFacts facts = ChangeFacts.parse(new ByteArrayInputStream(edited.getBytes(StandardCharsets.UTF_8)));
    DiffReport report = DiffFixtures.compare("vm-size", facts);
    assertEquals(Consequence.IN_PLACE, report.clusters().get(0).changes().get(0).consequence());
    assertFalse(report.destructive());
  }

  @Test
  void aFactWithoutSourceIsRejected() {
    String yaml = "pool:\n  - property: vmSize\n    field: f\n    azure: a\n    consequence: in-place\n    why: w\n";
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> ChangeFacts.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))));
    assertEquals(ChangeFacts.RESOURCE + ": a fact lacks source: {\"property\":\"vmSize\",\"field\":\"f\",\"azure\":\"a\",\"consequence\":\"in-place\",\"why\":\"w\"}", e.getMessage());
  }
}
