package ai.modelplane.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.render.Target;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutputLayoutTest {
  @Test
  void targetOf_readsClusterRootsAndSharedModules() {
    assertEquals(Optional.of(Target.TERRAFORM), OutputLayout.targetOf("team/a/terraform/main.tf"));
    assertEquals(
        Optional.of(Target.TERRAFORM),
        OutputLayout.targetOf("team/a/terraform/in-cluster/main.tf"));
    assertEquals(Optional.of(Target.BICEP), OutputLayout.targetOf("team/a/bicep/main.bicep"));
    assertEquals(Optional.of(Target.BICEP), OutputLayout.targetOf("modules/bicep/cluster.bicep"));
    assertEquals(
        Optional.of(Target.TERRAFORM), OutputLayout.targetOf("modules/terraform/cluster/main.tf"));
    assertEquals(
        Optional.of(Target.TERRAFORM), OutputLayout.targetOf("modules/terraform/README.md"));
    // A namespace called modules, a cluster called terraform: the cluster root decides.
    assertEquals(
        Optional.of(Target.BICEP), OutputLayout.targetOf("modules/terraform/bicep/main.bicep"));
    assertEquals(Optional.empty(), OutputLayout.targetOf("README.md"));
    assertEquals(Optional.empty(), OutputLayout.targetOf("team/a/pulumi/main.ts"));
    assertEquals(Optional.empty(), OutputLayout.targetOf("modules/terraform"));
  }

  @Test
  void targetOf_everyPathTheLayoutMakes() {
    for (Target target : Target.values()) {
      OutputLayout layout = new OutputLayout(target);
      assertEquals(Optional.of(target), OutputLayout.targetOf(layout.clusterRoot("ns/c") + "x"));
      assertEquals(Optional.of(target), OutputLayout.targetOf(layout.inClusterRoot("ns/c") + "x"));
      assertEquals(Optional.of(target), OutputLayout.targetOf(layout.moduleRoot() + "m/x"));
    }
  }
}
