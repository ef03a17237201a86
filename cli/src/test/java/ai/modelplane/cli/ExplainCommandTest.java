package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExplainCommandTest {
  @Test
  void explainsAField() {
    DiffCommandTest.Run run = DiffCommandTest.run("explain", "spec.nodePools.fabric");
    assertEquals(
        new DiffCommandTest.Run(
            0,
            """
        KIND:     AKSCluster
        VERSION:  infrastructure.modelplane.ai/v1alpha1

        FIELD:    fabric <string>
        PATH:     spec.nodePools[].fabric
        REQUIRED: no
        DEFAULT:  None
        ENUM:     None, InfiniBand

        DESCRIPTION:
            Node-to-node fabric for multi-node engines. None is plain VNet networking
            (TCP). InfiniBand puts the pool's nodes on one physical InfiniBand fabric
            through its VM scale set; it needs an InfiniBand-capable VM size, the
            AKSInfinibandSupport feature registered on the subscription, and the NVIDIA
            network operator, which the generated code installs.

        RULES:
            - fabric InfiniBand is only allowed on GPU pools

        TARGETS:
            Terraform  node_labels
            Bicep      nodeLabels
            drift      each generated entry compared; live entries the code does not set
                       reported
            import     derived from live evidence

        NOTE:
            InfiniBand has no azurerm or ARM property: the VM size and the subscription
            feature AKSInfinibandSupport place the nodes, and the pool gets the node
            label modelplane.ai/fabric (compared by drift, with the feature's
            registration). Any InfiniBand pool also installs the NVIDIA network operator
            (the cluster change networkOperator). Import decides it from the label, else
            the feature registration.

        ON CHANGE:
            fabric
              terraform  in-place: the VM size and the subscription feature
                         AKSInfinibandSupport place the nodes on one fabric; existing
                         nodes keep their placement (unverified for pools created before
                         the feature was registered)
              bicep      in-place: the VM size and the subscription feature
                         AKSInfinibandSupport place the nodes on one fabric; existing
                         nodes keep their placement (unverified for pools created before
                         the feature was registered)
            labels
              terraform  in-place: AKS updates node labels on an existing pool
              bicep      in-place: AKS updates node labels on an existing pool
        """,
            ""),
        run);
  }

  @Test
  void explainsTheAuthenticationModeWithBothTargetsAndTheWayBack() {
    DiffCommandTest.Run run = DiffCommandTest.run("explain", "spec.authentication.mode");
    assertEquals(0, run.exit(), run.err());
    String out = run.out();
    for (String line :
        List.of(
            "PATH:     spec.authentication.mode",
            "DEFAULT:  LocalAccounts",
            "ENUM:     LocalAccounts, EntraID",
            "    Terraform  local_account_disabled",
            "    Bicep      aadProfile",
            "    authenticationMode.entra-removed",
            "      terraform  refused: EntraID to LocalAccounts: removing the Entra ID block",
            "      bicep      refused: EntraID to LocalAccounts: the redeployment leaves")) {
      assertTrue(out.contains(line + "\n"), line + " in:\n" + out);
    }
  }

  @Test
  void withoutAFieldListsTheTopFields() {
    DiffCommandTest.Run run = DiffCommandTest.run("explain");
    assertEquals(0, run.exit());
    assertEquals(
        """
        FIELDS:
            apiVersion  <string>
            kind        <string>
            metadata    <object>
            spec        <object> -required-
            status      <object>
        """,
        run.out().substring(run.out().indexOf("FIELDS:")));
  }

  @Test
  void unknownFieldExitsOne() {
    assertEquals(
        new DiffCommandTest.Run(
            1,
            "",
            "modelplane: no field spec.nodePools.colour in AKSCluster (run 'modelplane explain' to list the top-level fields)\n"),
        DiffCommandTest.run("explain", "spec.nodePools.colour"));
  }
}
