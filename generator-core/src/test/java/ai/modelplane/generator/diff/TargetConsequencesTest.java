package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.Target;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edits of the seed and multi-pool examples, as a platform engineer makes them, with what each
 * target's apply does: every line is "subject: terraform / bicep" consequence ids.
 */
class TargetConsequencesTest {
  private static final String SEED = "inference-westeurope.yaml";
  private static final String MULTI = "multi-pool.yaml";

  @TempDir Path dir;

  private List<String> consequences(String example, UnaryOperator<String> edit) {
    DiffReport report = DiffFixtures.compareEdit(example, edit, dir);
    assertEquals(1, report.clusters().size(), DiffText.render(report));
    return report.clusters().get(0).changes().stream()
        .map(
            c ->
                c.subject()
                    + ": "
                    + c.consequence(Target.TERRAFORM).id()
                    + " / "
                    + c.consequence(Target.BICEP).id())
        .toList();
  }

  /** The edit of {@code example} has exactly the {@code expected} consequences. */
  private void assertConsequences(String example, UnaryOperator<String> edit, String... expected) {
    assertEquals(List.of(expected), consequences(example, edit));
  }

  private static Change firstChange(DiffReport report) {
    return report.clusters().get(0).changes().get(0);
  }

  private static UnaryOperator<String> replace(String from, String to) {
    return yaml -> yaml.replace(from, to);
  }

  @Test
  void renamingTheDefaultPoolReplacesTheTerraformClusterAndBicepRefusesIt() {
    assertConsequences(
        SEED,
        replace("- name: system", "- name: sysb"),
        "default pool name: cluster-recreated / refused");
  }

  @Test
  void anotherPoolTakingTheDefaultPlaceReplacesTheTerraformCluster() {
    assertConsequences(
        SEED,
        replace(
            "  nodePools:\n",
            "  nodePools:\n    - name: infra\n      role: System\n      vmSize: Standard_D8s_v5\n"),
        "defaultPool: cluster-recreated / refused",
        "pool infra added: pool-created / pool-created");
  }

  @Test
  void vnetRangeIsUpdatedInPlace() {
    assertConsequences(
        MULTI,
        replace("vnetCidr: 10.20.0.0/16", "vnetCidr: 10.20.0.0/15"),
        "vnetCidr: in-place / in-place");
  }

  @Test
  void subnetRangeInUseIsRefused() {
    DiffReport report =
        DiffFixtures.compareEdit(
            MULTI, replace("subnetCidr: 10.20.0.0/20", "subnetCidr: 10.20.16.0/20"), dir);
    Change change = firstChange(report);
    assertEquals(
        List.of(Consequence.REFUSED, Consequence.REFUSED),
        List.of(change.consequence(Target.TERRAFORM), change.consequence(Target.BICEP)));
    assertTrue(change.instead(Target.TERRAFORM).orElseThrow().startsWith("keep the subnet range"));
    assertTrue(report.refused());
    assertFalse(report.destructive());
  }

  @Test
  void kubernetesVersionIsJudgedFromBothValues() {
    assertConsequences(
        SEED, replace("\"1.35\"", "\"1.36\""), "kubernetesVersion: in-place / in-place");
    assertConsequences(
        MULTI, replace("\"1.35\"", "\"1.37\""), "kubernetesVersion: refused / refused");
    assertConsequences(
        MULTI, replace("\"1.35\"", "\"1.34\""), "kubernetesVersion: refused / refused");
    assertConsequences(
        SEED, replace("\"1.35\"", "\"2.0\""), "kubernetesVersion: refused / refused");
  }

  @Test
  void skippedMinorAndDowngradeAreDifferentFactsWithWhatToDoInstead() {
    DiffReport skipped = DiffFixtures.compareEdit(MULTI, replace("\"1.35\"", "\"1.37\""), dir);
    Change skip = firstChange(skipped);
    assertEquals("minor-skipped", skip.fact().variant());
    assertTrue(
        skip.instead(Target.BICEP).orElseThrow().contains("az aks get-upgrades"),
        skip.instead(Target.BICEP).toString());
    // A patch pin (and so a patch downgrade) no longer reaches diff: validation refuses it
    // (MP417), see LifecycleTest and cases/kubernetesversion-patch-pin.yaml.
  }

  @Test
  void vmSizeCyclesTheTerraformPoolAndBicepRefusesIt() {
    DiffReport report =
        DiffFixtures.compareEdit(
            SEED,
            replace("vmSize: Standard_ND96isr_H100_v5", "vmSize: Standard_ND96isr_H200_v5"),
            dir);
    Change change = firstChange(report);
    assertEquals(Consequence.POOL_RECREATED, change.consequence(Target.TERRAFORM));
    assertEquals(Consequence.REFUSED, change.consequence(Target.BICEP));
    assertEquals(Consequence.REFUSED, change.consequence());
    assertTrue(
        change.why(Target.TERRAFORM).contains("without cordon and drain"),
        change.why(Target.TERRAFORM));
    assertTrue(change.instead(Target.BICEP).orElseThrow().contains("cordon and drain"));
    assertEquals(
        java.util.Optional.of(Consequence.POOL_RECREATED),
        report.clusters().get(0).worst(Target.TERRAFORM));
    assertEquals(
        java.util.Optional.of(Consequence.REFUSED), report.clusters().get(0).worst(Target.BICEP));
    assertTrue(report.only(Target.TERRAFORM).destructive());
    assertFalse(report.only(Target.TERRAFORM).refused());
    assertTrue(report.only(Target.BICEP).refused());
    assertFalse(report.only(Target.BICEP).destructive());
  }

  @Test
  void diskSizeAndZonesCycleTheTerraformPoolAndBicepRefusesThem() {
    assertConsequences(
        SEED,
        replace("diskSizeGb: 200", "diskSizeGb: 256"),
        "pool gpuh100 diskSizeGb: pool-recreated / refused");
    assertConsequences(
        MULTI,
        replace("zones: [\"1\", \"2\"]", "zones: [\"1\", \"2\", \"3\"]"),
        "pool a100 zones: pool-recreated / refused");
  }

  @Test
  void roleChangeReplacesTheTerraformPoolAndBicepRefusesTheDriverChange() {
    List<String> lines =
        consequences(
            MULTI,
            yaml ->
                yaml.replace(
                        """
            - name: a100
              role: GPU"""
                            .indent(4),
                        """
            - name: a100
              role: System"""
                            .indent(4))
                    .replace(
                        """
              gpu:
                acceleratorType: nvidia-a100
            """
                            .indent(4),
                        ""));
    assertEquals(
        List.of(
            "pool a100 gpuDriver: pool-recreated / refused",
            "pool a100 mode: in-place / in-place",
            "pool a100 labels: in-place / in-place",
            "pool a100 taints: in-place / in-place",
            // A GPU pool upgrades one node at a time, a System pool surges.
            "pool a100 upgradeSurge: in-place / in-place"),
        lines);
  }

  @Test
  void removedAndRenamedPoolsAreDeletedInBothTargets() {
    UnaryOperator<String> removeA100 = yaml -> yaml.substring(0, yaml.indexOf("    - name: a100"));
    assertConsequences(MULTI, removeA100, "pool a100 removed: pool-deleted / pool-deleted");
    assertConsequences(
        MULTI,
        replace("- name: a100", "- name: a100b"),
        "pool name: pool-recreated / pool-recreated");
  }

  @Test
  void infinibandOffRemovesTheOperatorInPlaceInBothTargets() {
    assertConsequences(
        MULTI,
        replace("fabric: InfiniBand", "fabric: None"),
        "networkOperator: in-place / in-place",
        "pool h100ib fabric: in-place / in-place",
        "pool h100ib labels: in-place / in-place");
  }

  @Test
  void locationReplacesTheTerraformClusterAndBicepRefusesIt() {
    assertConsequences(
        SEED,
        replace("location: westeurope", "location: northeurope"),
        "location: cluster-recreated / refused");
  }

  @Test
  void nodeCountIsIgnoredByTerraformButSentByBicep() {
    assertConsequences(
        SEED,
        replace("nodeCount: 2", "nodeCount: 3"),
        "pool system nodeCount: no-azure-change / in-place");
  }
}
