package ai.modelplane.generator.plan;

import static ai.modelplane.generator.TestClusters.cluster;
import static ai.modelplane.generator.TestClusters.gpuPool;
import static ai.modelplane.generator.TestClusters.systemPool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.model.Fabric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterPlanTest {
  @Test
  void firstSystemPoolIsTheDefaultPoolAndOthersKeepSpecOrder() {
    ClusterPlan plan =
        ClusterPlan.of(
            cluster(
                "platform",
                "c",
                gpuPool(0, "gpua", Fabric.NONE),
                systemPool(1, "system"),
                systemPool(2, "system2")));

    assertEquals("system", plan.defaultPool().name());
    assertEquals(
        List.of("gpua", "system2"), plan.additionalPools().stream().map(PoolPlan::name).toList());
    assertEquals(List.of("gpua"), plan.gpuPools().stream().map(PoolPlan::name).toList());
    assertEquals(List.of("system2"), plan.extraSystemPools().stream().map(PoolPlan::name).toList());
    assertEquals("System", plan.extraSystemPools().get(0).mode());
  }

  @Test
  void gpuPoolsCarryAcceleratorAndFabricLabelsAndTheGpuTaint() {
    ClusterPlan plan =
        ClusterPlan.of(
            cluster(
                "platform",
                "c",
                systemPool(0, "system"),
                gpuPool(1, "gpuh100", Fabric.INFINIBAND)));
    PoolPlan gpu = plan.gpuPools().get(0);

    assertEquals("User", gpu.mode());
    assertEquals(
        Map.of(
            "modelplane.ai/pool",
            "gpuh100",
            "modelplane.ai/gpu",
            "nvidia-h100",
            "modelplane.ai/fabric",
            "infiniband"),
        gpu.labels());
    assertEquals(List.of("nvidia.com/gpu=true:NoSchedule"), gpu.taints());
    assertTrue(gpu.installGpuDriver());
    assertTrue(plan.needsInfiniBand());
  }

  @Test
  void systemPoolsHaveOnlyThePoolLabelAndNoTaint() {
    PoolPlan system =
        ClusterPlan.of(cluster("platform", "c", systemPool(0, "system"))).defaultPool();

    assertEquals(Map.of("modelplane.ai/pool", "system"), system.labels());
    assertEquals(List.of(), system.taints());
    assertFalse(system.installGpuDriver());
    assertEquals("systemtmp", system.rotationName());
  }
}
