package ai.modelplane.generator.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.testsupport.bicep.ArmTypes;
import ai.modelplane.testsupport.bicep.BicepChecker;
import ai.modelplane.testsupport.hcl.ProviderSchemaChecker;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * One output with a cluster that sets {@code spec.tags}, {@code spec.workloadIdentity} and {@code
 * spec.authentication} EntraID, one whose pools set {@code osSku} and that sets {@code
 * spec.maintenance}, and one that sets none of them: the shared modules then take each as an input
 * with a default, and the other clusters' roots pass none and still check against the provider
 * schemas and ARM types.
 */
class ExtensionsInAMixedRunTest {
  private static List<AksCluster> run() {
    List<AksCluster> clusters = new ArrayList<>(Fixtures.example("landing-zone"));
    clusters.addAll(Fixtures.example("gpu-economics"));
    clusters.addAll(Fixtures.example("minimal"));
    return clusters;
  }

  private static Map<String, String> render(TargetRenderer renderer) {
    Map<String, String> files = new TreeMap<>();
    renderer.render(run()).forEach(file -> files.put(file.relativePath(), file.content()));
    return files;
  }

  @Test
  void terraformModulesDefaultTheInputsTheUntaggedClusterDoesNotPass() {
    Map<String, String> files = render(TemplateRenderer.terraform());
    assertEquals(List.of(), new ProviderSchemaChecker().check(files));
    String untagged = files.get("default/minimal/terraform/main.tf");
    assertFalse(untagged.contains("tags"), untagged);
    assertFalse(untagged.contains("workload_identity_enabled"), untagged);
    assertTrue(files.get("modules/terraform/cluster/variables.tf").contains("variable \"tags\""));
    assertTrue(
        files
            .get("modules/terraform/cluster/variables.tf")
            .contains("variable \"workload_identity_enabled\""));
    // The cluster with local accounts passes no entra_id (empty: no Entra ID block) and keeps
    // its kubeconfig output and client-certificate providers; the Entra ID cluster has neither.
    assertFalse(untagged.contains("entra_id"), untagged);
    assertTrue(files.get("default/minimal/terraform/outputs.tf").contains("output \"kubeconfig\""));
    assertTrue(
        files.get("default/minimal/terraform/in-cluster/providers.tf").contains("client_key"));
    assertFalse(
        files.get("platform/inference-landing-zone/terraform/outputs.tf").contains("kube_config"));
    String entraProviders =
        files.get("platform/inference-landing-zone/terraform/in-cluster/providers.tf");
    assertFalse(entraProviders.contains("client_key"), entraProviders);
    assertTrue(entraProviders.contains("command     = \"kubelogin\""), entraProviders);
    assertTrue(
        files.get("modules/terraform/cluster/variables.tf").contains("variable \"entra_id\""));
    assertFalse(untagged.contains("os_sku"), untagged);
    assertTrue(
        files.get("modules/terraform/node-pool/variables.tf").contains("variable \"os_sku\""));
    assertTrue(
        files
            .get("modules/terraform/cluster/variables.tf")
            .contains("os_sku                      = optional(string)"));
    // spec.maintenance: only gpu-economics passes its windows; the module defaults to the
    // generator's, so the minimal cluster keeps them.
    assertFalse(untagged.contains("node_os_upgrade_channel"), untagged);
    String cluster = files.get("modules/terraform/cluster/main.tf");
    assertTrue(
        cluster.contains("day_of_week = var.maintenance.maintenance_window_node_os.day_of_week"),
        cluster);
    String variables = files.get("modules/terraform/cluster/variables.tf");
    assertTrue(variables.contains("variable \"maintenance\""), variables);
    assertTrue(variables.contains("day_of_week = \"Sunday\""), variables);
    String economics = files.get("ml/gpu-economics/terraform/main.tf");
    assertTrue(economics.contains("day_of_week = \"Saturday\""), economics);
  }

  @Test
  void bicepModulesDefaultTheParametersTheUntaggedClusterDoesNotPass() {
    Map<String, String> files = render(TemplateRenderer.bicep());
    ArmTypes types = new ArmTypes();
    assertEquals(
        List.of(), BicepChecker.check(types, files), () -> BicepChecker.located(types, files));
    String untagged = files.get("default/minimal/bicep/main.bicep");
    assertFalse(untagged.contains("tags"), untagged);
    assertFalse(untagged.contains("workloadIdentity"), untagged);
    assertTrue(files.get("modules/bicep/cluster.bicep").contains("param tags object = {}"));
    assertFalse(untagged.contains("entraId"), untagged);
    assertTrue(untagged.contains("output kubeconfig string"), untagged);
    assertFalse(
        files
            .get("platform/inference-landing-zone/bicep/main.bicep")
            .contains("output kubeconfig"));
    assertTrue(files.get("modules/bicep/cluster.bicep").contains("param entraId bool = false"));
    assertFalse(untagged.contains("sSku"), untagged);
    assertTrue(files.get("modules/bicep/agentPool.bicep").contains("param osSku string?"));
    assertTrue(files.get("modules/bicep/cluster.bicep").contains("param systemPoolOsSku string?"));
    assertFalse(untagged.contains("nodeOsUpgradeChannel"), untagged);
    String cluster = files.get("modules/bicep/cluster.bicep");
    assertTrue(cluster.contains("param nodeOsDayOfWeek string = 'Sunday'"), cluster);
    assertTrue(cluster.contains("param autoUpgradeDurationHours int = 4"), cluster);
    String economics = files.get("ml/gpu-economics/bicep/main.bicep");
    assertTrue(economics.contains("autoUpgradeDayOfWeek: 'Saturday'"), economics);
  }
}
