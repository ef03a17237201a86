package ai.modelplane.generator.emit;

import static ai.modelplane.generator.TestClusters.cluster;
import static ai.modelplane.generator.TestClusters.gpuPool;
import static ai.modelplane.generator.TestClusters.systemPool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.render.Target;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The plan is a value: which files, which template, which view, inspected without rendering. */
class PlannerTest {
  final AksCluster plain = cluster("platform", "plain", systemPool(0, "system"));
  final AksCluster gpu =
      cluster("platform", "gpu", systemPool(0, "system"), gpuPool(1, "gpua", Fabric.INFINIBAND));

  @Test
  void aSystemOnlyClusterPlansItsRootAndOnlyTheModulesItCalls() {
    RenderPlan plan = Planner.plan(List.of(plain), Set.of(Target.TERRAFORM));

    assertEquals(
        List.of(
            ".gitignore",
            "modules/terraform/cluster/README.md",
            "modules/terraform/cluster/main.tf",
            "modules/terraform/cluster/outputs.tf",
            "modules/terraform/cluster/terraform.tf",
            "modules/terraform/cluster/variables.tf",
            "modules/terraform/model-cache/README.md",
            "modules/terraform/model-cache/main.tf",
            "modules/terraform/model-cache/outputs.tf",
            "modules/terraform/model-cache/terraform.tf",
            "modules/terraform/model-cache/variables.tf",
            "modules/terraform/network/README.md",
            "modules/terraform/network/main.tf",
            "modules/terraform/network/outputs.tf",
            "modules/terraform/network/terraform.tf",
            "modules/terraform/network/variables.tf",
            "platform/plain/terraform/in-cluster/main.tf",
            "platform/plain/terraform/in-cluster/providers.tf",
            "platform/plain/terraform/in-cluster/terraform.tf",
            "platform/plain/terraform/main.tf",
            "platform/plain/terraform/outputs.tf",
            "platform/plain/terraform/providers.tf",
            "platform/plain/terraform/terraform.tf"),
        plan.files().stream().map(PlannedFile::path).toList());
    assertEquals(
        "terraform/root/main.tf.ftl", file(plan, "platform/plain/terraform/main.tf").template());
  }

  @Test
  void bicepFollowsTheSameModulePolicy() {
    assertEquals(
        List.of(
            "modules/bicep/aksCommandInvoke.sh",
            "modules/bicep/cluster.bicep",
            "modules/bicep/inClusterComponents.bicep",
            "modules/bicep/network.bicep"),
        modules(Planner.plan(List.of(plain), Set.of(Target.BICEP))));
    assertEquals(
        List.of(
            "modules/bicep/agentPool.bicep",
            "modules/bicep/aksCommandInvoke.sh",
            "modules/bicep/cluster.bicep",
            "modules/bicep/inClusterComponents.bicep",
            "modules/bicep/infinibandFeatureCheck.bicep",
            "modules/bicep/network.bicep"),
        modules(Planner.plan(List.of(plain, gpu), Set.of(Target.BICEP))));
  }

  @Test
  void eachFurtherPoolGetsItsOwnRootFileFromThePoolTemplate() {
    RenderPlan plan = Planner.plan(List.of(gpu), Set.of(Target.TERRAFORM));

    PlannedFile pool = file(plan, "platform/gpu/terraform/main.pool-gpua.tf");
    assertEquals("terraform/root/main.pool.tf.ftl", pool.template());
    assertEquals(Target.TERRAFORM, pool.target());
  }

  @Test
  void everyTargetReadsTheSameClusterPlanComputedOnce() {
    RenderPlan plan = Planner.plan(List.of(gpu, plain), Set.of(Target.TERRAFORM, Target.BICEP));

    assertEquals(
        List.of("platform/gpu", "platform/plain"),
        plan.clusters().stream().map(c -> c.cluster().qualifiedName()).toList());
    assertSame(
        gpu.names(),
        plan.clusters().get(0).names(),
        "the names bound with the cluster, not derived again");
    assertEquals(
        List.of("platform/gpu/bicep/main.bicep", "platform/gpu/bicep/main.bicepparam"),
        plan.files(Target.BICEP).stream()
            .map(PlannedFile::path)
            .filter(p -> p.startsWith("platform/gpu/"))
            .toList());
  }

  @Test
  void noClustersPlanNoFiles() {
    assertEquals(
        List.of(), Planner.plan(List.of(), Set.of(Target.TERRAFORM, Target.BICEP)).files());
  }

  @Test
  void aPathPlannedTwiceIsRefused() {
    PlannedFile file = new PlannedFile(Target.TERRAFORM, "a/b.tf", "t.ftl", "view");

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new RenderPlan(List.of(), List.of(file, file)));

    assertEquals("planned twice: a/b.tf", e.getMessage());
  }

  @Test
  void theLayoutOwnsEveryPath() {
    OutputLayout bicep = new OutputLayout(Target.BICEP);

    assertEquals("platform/plain/bicep/", bicep.clusterRoot(plain.qualifiedName()));
    assertEquals("modules/bicep/", bicep.moduleRoot());
    assertEquals("../../../modules/bicep", bicep.rootToModules());
  }

  private static List<String> modules(RenderPlan plan) {
    return plan.files().stream()
        .map(PlannedFile::path)
        .filter(p -> p.startsWith("modules/"))
        .toList();
  }

  private static PlannedFile file(RenderPlan plan, String path) {
    return plan.files().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow();
  }
}
