package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.Target;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The consequences come from the facts file, with a reason and a source for every target. */
class ChangeFactsTest {
  /** Which facts the file holds is the property table's business: see PropertyCoverageTest. */
  @Test
  void everyFactHasAWhyAndASourceForEveryTarget() {
    List<ChangeFact> facts = ChangeFacts.bundled().all();
    List<String> problems = new ArrayList<>();
    for (ChangeFact fact : facts) {
      for (Target target : Target.values()) {
        TargetFact detail = fact.target(target);
        String where =
            fact.scope() + "." + fact.property() + " " + fact.variant() + " " + target.id();
        if (detail == null) {
          problems.add(where + ": missing");
          continue;
        }
        if (detail.source().isBlank() || detail.why().isBlank()) {
          problems.add(where + ": no source or why");
        }
        if (detail.consequence().refused() != detail.instead().isPresent()) {
          problems.add(where + ": instead must be given exactly for refused");
        }
        if (!detail.verified() && !detail.source().contains("Not verified")) {
          problems.add(where + ": an unverified fact says in its source what was not verified");
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void factsMatchTheProviderReferencePerTarget() {
    ChangeFacts facts = ChangeFacts.bundled();
    assertPerTarget(Consequence.POOL_RECREATED, Consequence.REFUSED, facts.pool("vmSize"));
    assertPerTarget(Consequence.POOL_RECREATED, Consequence.REFUSED, facts.pool("diskSizeGb"));
    assertPerTarget(Consequence.POOL_RECREATED, Consequence.REFUSED, facts.pool("zones"));
    assertPerTarget(Consequence.POOL_RECREATED, Consequence.REFUSED, facts.pool("gpuDriver"));
    assertPerTarget(Consequence.POOL_DELETED, Consequence.POOL_DELETED, facts.pool("removed"));
    assertPerTarget(Consequence.POOL_RECREATED, Consequence.POOL_RECREATED, facts.pool("name"));
    assertPerTarget(
        Consequence.CLUSTER_RECREATED, Consequence.REFUSED, facts.pool("name", "default-pool"));
    assertPerTarget(
        Consequence.CLUSTER_RECREATED, Consequence.REFUSED, facts.cluster("defaultPool"));
    assertPerTarget(Consequence.IN_PLACE, Consequence.IN_PLACE, facts.pool("maxNodeCount"));
    assertPerTarget(Consequence.CLUSTER_RECREATED, Consequence.REFUSED, facts.cluster("location"));
    assertPerTarget(Consequence.IN_PLACE, Consequence.IN_PLACE, facts.cluster("vnetCidr"));
    assertPerTarget(
        Consequence.CLUSTER_RECREATED, Consequence.REFUSED, facts.cluster("endpointAccess"));
    assertPerTarget(Consequence.REFUSED, Consequence.REFUSED, facts.cluster("subnetCidr"));
    assertPerTarget(Consequence.IN_PLACE, Consequence.IN_PLACE, facts.cluster("networkOperator"));
    assertPerTarget(Consequence.IN_PLACE, Consequence.IN_PLACE, facts.cluster("kubernetesVersion"));
    assertPerTarget(
        Consequence.REFUSED,
        Consequence.REFUSED,
        facts.cluster("kubernetesVersion", "minor-skipped"));
    assertPerTarget(
        Consequence.REFUSED, Consequence.REFUSED, facts.cluster("kubernetesVersion", "downgrade"));
    assertEquals(
        "azurerm v5.2.0 containers/kubernetes_cluster_node_pool_resource.go:200-204 (gpu_driver Optional, ForceNew)",
        facts.pool("gpuDriver").target(Target.TERRAFORM).source());
    assertEquals(
        "AKS docs aks-managed-gpu-nodes.md:98 (driver is immutable after node pool creation)",
        facts.pool("gpuDriver").target(Target.BICEP).source());
  }

  private static void assertPerTarget(Consequence terraform, Consequence bicep, ChangeFact fact) {
    assertEquals(
        List.of(terraform, bicep),
        List.of(
            fact.target(Target.TERRAFORM).consequence(), fact.target(Target.BICEP).consequence()),
        fact.property());
  }

  @Test
  void refusedRanksAboveEveryDestructiveConsequenceButDeletesNothing() {
    for (Consequence other : Consequence.values()) {
      if (other != Consequence.REFUSED) {
        assertTrue(Consequence.REFUSED.compareTo(other) > 0, other.id());
      }
    }
    assertFalse(Consequence.REFUSED.destructive());
    assertTrue(Consequence.REFUSED.refused());
  }

  @Test
  void editingTheFactsFileChangesTheConsequence() throws IOException {
    String edited;
    try (InputStream in =
        ChangeFacts.class.getClassLoader().getResourceAsStream(ChangeFacts.RESOURCE)) {
      edited =
          new String(in.readAllBytes(), StandardCharsets.UTF_8)
              .replace(
                  """
              azure: vm_size / vmSize
                  terraform:
                    consequence: pool-recreated""",
                  """
              azure: vm_size / vmSize
                  terraform:
                    consequence: in-place""");
    }
    ChangeFacts facts =
        ChangeFacts.parse(new ByteArrayInputStream(edited.getBytes(StandardCharsets.UTF_8)));
    DiffReport report = DiffFixtures.compare("vm-size", facts);
    assertEquals(
        Consequence.IN_PLACE,
        report.clusters().get(0).changes().get(0).consequence(Target.TERRAFORM));
    assertFalse(report.only(Target.TERRAFORM).destructive());
  }

  private static final String TERRAFORM_FACT =
      "    terraform: {consequence: in-place, why: w, source: s, verified: true}\n";

  @Test
  void aFactWithoutSourceIsRejected() {
    String yaml =
        "pool:\n  - property: vmSize\n    field: f\n    azure: a\n"
            + TERRAFORM_FACT
            + "    bicep: {consequence: in-place, why: w, verified: true}\n";
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> parse(yaml));
    assertEquals(
        ChangeFacts.RESOURCE
            + ": a fact lacks source: {\"consequence\":\"in-place\",\"why\":\"w\",\"verified\":true}",
        e.getMessage());
  }

  @Test
  void aFactWithoutOneTargetIsRejected() {
    String yaml = "pool:\n  - property: vmSize\n    field: f\n    azure: a\n" + TERRAFORM_FACT;
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> parse(yaml));
    assertTrue(
        e.getMessage().startsWith(ChangeFacts.RESOURCE + ": a fact lacks bicep: "), e.getMessage());
  }

  @Test
  void aRefusedFactWithoutInsteadIsRejected() {
    String yaml =
        "pool:\n  - property: vmSize\n    field: f\n    azure: a\n"
            + TERRAFORM_FACT
            + "    bicep: {consequence: refused, why: w, source: s, verified: true}\n";
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> parse(yaml));
    assertTrue(
        e.getMessage().startsWith(ChangeFacts.RESOURCE + ": a refused fact lacks instead: "),
        e.getMessage());
  }

  private static ChangeFacts parse(String yaml) throws IOException {
    return ChangeFacts.parse(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
  }
}
