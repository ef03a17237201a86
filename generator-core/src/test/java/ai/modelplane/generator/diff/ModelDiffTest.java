package ai.modelplane.generator.diff;

import static ai.modelplane.generator.diff.DiffFixtures.compare;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One pair of YAML revisions per consequence class, with the exact text a reviewer reads. */
class ModelDiffTest {
  @Test
  void vmSizeCyclesTheTerraformPoolAndBicepRefusesIt() {
    DiffReport report = compare("vm-size");
    assertEquals(
        """
        platform/inference: terraform: node pool recreated (destructive); bicep: refused by Azure (the apply fails)
          refused by Azure     pool gpuh100 vmSize: Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5
                               terraform: node pool recreated: azurerm cycles the pool through its temporary pool (temporary_name_for_rotation), without cordon and drain: every node is replaced and pods are evicted when the old nodes are deleted; the Terraform resource is updated, not replaced, and quota for both pools is needed meanwhile
                               bicep: refused by Azure: AKS rejects a vmSize change on an existing agent pool (PropertyChangeNotAllowed); in-place resize is a preview that needs api-version 2026-01-02-preview and the AgentPoolVMSSResize feature
                               bicep instead: add a pool with the new size under a new name, cordon and drain the old pool's nodes (kubectl drain), then remove the old pool from the YAML: the deployment stack deletes it
          capacity: gpuh100 Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive, 1 refused by Azure.
        """,
        DiffText.render(report));
    assertTrue(report.destructive(), "Terraform cycles the pool");
    assertTrue(report.refused(), "Bicep is refused");
  }

  @Test
  void maxNodeCountLooksLargeButIsInPlace() {
    DiffReport report = compare("max-node-count");
    assertEquals(
        """
        platform/inference: in-place update
          in-place update      pool gpuh100 maxNodeCount: 8 → 16
          capacity: gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """,
        DiffText.render(report));
    assertFalse(report.destructive());
  }

  @Test
  void aPoolMovedToSpotIsRecreatedOrRefusedAndTheCapacityLineSaysSo(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml",
            yaml ->
                yaml.replace(
                    "      maxNodeCount: 4\n      osSku: AzureLinux\n      upgrade:\n"
                        + "        maxUnavailable: \"2\"\n        drainTimeoutMinutes: 60\n",
                    // Spot pools take no upgrade settings.
                    "      maxNodeCount: 4\n      osSku: AzureLinux\n      priority: Spot\n"),
            dir);
    String text = DiffText.render(report);
    assertTrue(
        text.contains(
            "capacity: a100 Regular → Spot VMs (evictable), max 4 nodes: up to 4 A100 GPUs (was 4)"),
        text);
    assertTrue(text.contains("pool a100 priority: Regular → Spot"), text);
    assertTrue(text.contains("pool a100 upgradeSurge: maxUnavailable 2 → not set"), text);
    assertTrue(report.destructive(), "Terraform recreates the pool: " + text);
    assertTrue(report.refused(), "Bicep is refused: " + text);
  }

  @Test
  void removingAnOsSkuChangesNothingInTerraform(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml", yaml -> yaml.replace("      osSku: AzureLinux\n", ""), dir);
    String text = DiffText.render(report);
    assertTrue(text.contains("pool system osSku: AzureLinux → not set"), text);
    assertTrue(text.contains("pool a100 osSku: AzureLinux → not set"), text);
    assertEquals(
        Consequence.NO_AZURE_CHANGE,
        report.clusters().get(0).worst(Target.TERRAFORM).orElseThrow(),
        "os_sku is Optional and Computed: " + text);
    assertEquals(Consequence.IN_PLACE, report.clusters().get(0).worst(Target.BICEP).orElseThrow());
  }

  @Test
  void removingADrainTimeoutReplacesThePoolOrForTheDefaultPoolTheClusterInTerraform(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml",
            yaml ->
                yaml.replace("        drainTimeoutMinutes: 30\n", "")
                    .replace("        drainTimeoutMinutes: 60\n", ""),
            dir);
    String text = DiffText.render(report);
    assertTrue(
        text.contains(
            "cluster recreated    pool system drainTimeoutMinutes: 30 → not set\n"
                + "                       terraform: cluster recreated: azurerm forces a new cluster"),
        text);
    assertTrue(
        text.contains(
            "node pool recreated  pool a100 drainTimeoutMinutes: 60 → not set\n"
                + "                       terraform: node pool recreated: azurerm forces a new pool"),
        text);
    assertEquals(
        Consequence.CLUSTER_RECREATED,
        report.clusters().get(0).worst(Target.TERRAFORM).orElseThrow());
    assertEquals(Consequence.IN_PLACE, report.clusters().get(0).worst(Target.BICEP).orElseThrow());
  }

  @Test
  void aNewSurgeOrDrainTimeoutChangesThePoolInPlace(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml",
            yaml ->
                yaml.replace("maxUnavailable: \"2\"", "maxSurge: \"1\"")
                    .replace("drainTimeoutMinutes: 60", "drainTimeoutMinutes: 90"),
            dir);
    String text = DiffText.render(report);
    assertTrue(text.contains("pool a100 upgradeSurge: maxUnavailable 2 → maxSurge 1"), text);
    assertTrue(text.contains("pool a100 drainTimeoutMinutes: 60 → 90"), text);
    assertFalse(report.destructive(), text);
    assertFalse(report.refused(), text);
  }

  @Test
  void aNewMigProfileRecreatesOrIsRefusedAndTheCapacityLineShowsTheSlices(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml",
            yaml -> yaml.replace("migProfile: MIG3g", "migProfile: MIG1g"),
            dir);
    String text = DiffText.render(report);
    assertTrue(
        text.contains(
            "capacity: a100 GPUs MIG3g (2 instances each) → MIG1g (7 instances each), max 4 nodes:"
                + " up to 4 A100 GPUs (was 4)"),
        text);
    assertTrue(text.contains("pool a100 migProfile: MIG3g → MIG1g"), text);
    assertTrue(report.destructive(), "Terraform recreates the pool: " + text);
    assertTrue(report.refused(), "Bicep is refused: " + text);
  }

  /** The first MIG pool of a DevicePlugin cluster reconfigures the plugin in place. */
  @Test
  void aFirstMigPoolUnderTheDevicePluginReconfiguresItInPlace(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml",
            yaml -> devicePlugin(yaml).replace("migProfile: MIG3g", "# migProfile: MIG3g"),
            yaml -> yaml.replace("# migProfile: MIG3g", "migProfile: MIG3g"),
            dir);
    String text = DiffText.render(report);
    assertTrue(
        text.contains(
            "in-place update      gpuStackComponents: node-feature-discovery 0.19.0,"
                + " nvidia-device-plugin 0.20.0 → node-feature-discovery 0.19.0,"
                + " nvidia-device-plugin 0.20.0 (migStrategy mixed)"),
        text);
  }

  private static String devicePlugin(String yaml) {
    return yaml.replace(
        "  kubernetesVersion: \"1.35\"\n",
        "  kubernetesVersion: \"1.35\"\n  gpuStack: DevicePlugin\n");
  }

  /**
   * gpu-economics' node OS channel to Unmanaged (AKS reimages the nodes) and its node OS window to
   * Wednesday: both in place, the channel change named as the reimaging one.
   */
  @Test
  void maintenanceChangesAreInPlaceAndTheReimagingChannelChangeSaysSo(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    DiffReport report =
        DiffFixtures.compareEdit(
            "gpu-economics.yaml",
            yaml ->
                yaml.replace("nodeOsUpgradeChannel: NodeImage", "nodeOsUpgradeChannel: Unmanaged")
                    .replace(
                        "      dayOfWeek: Sunday\n      startTime: \"05:00\"",
                        "      dayOfWeek: Wednesday\n      startTime: \"05:00\""),
            dir);
    assertEquals(
        """
        ml/gpu-economics: in-place update
          in-place update      nodeOsUpgradeChannel: NodeImage → Unmanaged
          in-place update      nodeOsWindow: Sunday 05:00 +01:00, 4 h → Wednesday 05:00 +01:00, 4 h

        1 cluster changed, 0 unchanged: 2 changes, 0 destructive.
        """,
        DiffText.render(report));
    assertFalse(report.destructive());
    Change channel = report.clusters().get(0).changes().get(0);
    assertEquals("nodes-reimaged", channel.fact().variant());
    assertTrue(channel.why(Target.TERRAFORM).contains("reimages every node"), channel::toString);
    assertEquals("", report.clusters().get(0).changes().get(1).fact().variant());
  }

  /**
   * LocalAccounts to EntraID on the private example is the private variant, which says what the
   * Terraform in-cluster root then needs; on a public cluster it is the plain change.
   */
  @Test
  void entraIdOnAPrivateClusterIsThePrivateVariant(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    String entraId =
        "  authentication:\n"
            + "    mode: EntraID\n"
            + "    adminGroupObjectIds:\n"
            + "      - 6f1e3c2a-8b4d-4f7e-9a2c-5d8b1e0f3a47\n"
            + "  nodePools:";
    DiffReport privateReport =
        DiffFixtures.compareEdit(
            "private-cluster.yaml", yaml -> yaml.replace("  nodePools:", entraId), dir);
    Change privateChange = privateReport.clusters().get(0).changes().get(0);
    assertEquals("authenticationMode", privateChange.fact().property());
    assertEquals("entra-added-private", privateChange.fact().variant());
    assertTrue(
        privateChange.why(Target.TERRAFORM).contains("TF_VAR_aks_run_command_token"),
        privateChange::toString);
    assertFalse(privateReport.destructive());

    DiffReport publicReport =
        DiffFixtures.compareEdit(
            "inference-westeurope.yaml", yaml -> yaml.replace("  nodePools:", entraId), dir);
    Change publicChange = publicReport.clusters().get(0).changes().get(0);
    assertEquals("authenticationMode", publicChange.fact().property());
    assertEquals("", publicChange.fact().variant());
  }

  @Test
  void capacityLineHasTheExactWording() {
    List<CapacityImpact> capacity = compare("max-node-count").clusters().get(0).capacity();
    assertEquals(
        List.of(
            new CapacityImpact(
                "gpuh100",
                64,
                "H100",
                128,
                "H100",
                "gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)")),
        capacity);
  }

  @Test
  void nodeCountIsOnlyTheInitialSizeInTerraformButSentByBicep() {
    assertEquals(
        """
        platform/inference: terraform: no change in Azure; bicep: in-place update
          in-place update      pool system nodeCount: 2 → 3
                               terraform: no change in Azure: only the initial size; the generated code ignores it after creation because the autoscaler owns the count
                               bicep: in-place update: a template cannot ignore a property: every deployment sends count, changed or not, to a pool whose autoscaler owns the count

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """,
        DiffText.render(compare("node-count")));
  }

  @Test
  void subnetCidrChangeIsRefusedInBothTargets() {
    DiffReport report = compare("subnet-cidr");
    assertEquals(
        """
        platform/inference: refused by Azure (the apply fails)
          refused by Azure     subnetCidr: 10.0.0.0/20 → 10.0.16.0/20
                               why: Azure refuses to re-address a subnet that the nodes' NICs use (InUseSubnetCannotBeUpdated), so the apply fails
                               instead: keep the subnet range; a different range needs a new cluster under a new name, on a network of its own or on an existing subnet (spec.networking.subnetId); moving this cluster's pools to another subnet of the same virtual network is not possible here, as the virtual network is the generated code's and holds one subnet

        1 cluster changed, 0 unchanged: 1 change, 0 destructive, 1 refused by Azure.
        """,
        DiffText.render(report));
    assertTrue(report.refused());
    assertFalse(report.destructive(), "Azure refuses it: nothing is deleted");
  }

  @Test
  void renamedClusterIsRecognisedAndRecreated() {
    assertEquals(
        """
        platform/inference2 (was platform/inference): cluster recreated (destructive)
          cluster recreated    name: inference → inference2
                               terraform why: the cluster name, DNS prefix and root folder change: a new root creates a new cluster, and the old one runs on until terraform destroy in the old roots (do it before their code is removed)
                               bicep why: the cluster, its resource group and its stack are named after it: a new stack creates a new cluster, and the old one runs on until az stack sub delete --action-on-unmanage deleteAll on the old stack

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """,
        DiffText.render(compare("renamed")));
  }

  @Test
  void namespaceChangeRenamesTheResourceGroupAndRecreatesTheCluster() {
    assertEquals(
        """
        serving/inference (was platform/inference): cluster recreated (destructive)
          cluster recreated    namespace: platform → serving
                               terraform why: the resource group name and the root folder <namespace>/<name> change: a new root creates a new cluster, and the old one runs on until terraform destroy in the old roots (do it before their code is removed)
                               bicep why: the resource group and the cluster's stack are named after it: a new stack creates a new cluster, and the old one runs on until az stack sub delete --action-on-unmanage deleteAll on the old stack

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """,
        DiffText.render(compare("namespace")));
  }

  @Test
  void removedNamingAnnotationsMoveLiveNamesAndAreNeverNoChange() {
    DiffReport report = compare("annotation-removed");
    assertEquals(
        """
        platform/inference: refused by Azure (the apply fails)
          refused by Azure     dnsPrefix: aks-prod-weu-dns → inference
                               terraform: cluster recreated: dns_prefix is ForceNew: Terraform destroys the cluster with every node and creates it again under the new API server name
                               bicep: refused by Azure: the DNS prefix cannot be updated once the cluster has been created, so the deployment fails
                               bicep instead: keep the dns-prefix annotation as import wrote it (the live prefix); another prefix needs a new cluster under a new name
          refused by Azure     subnet: snet-aks → snet-nodes
                               terraform why: the subnet name is ForceNew: the plan replaces the subnet, and the apply first deletes the subnet the nodes' NICs still use, which Azure refuses (InUseSubnetCannotBeDeleted), so it fails
                               terraform instead: keep the subnet-name annotation as import wrote it (the live name); another subnet needs a new cluster under a new name
                               bicep why: the template deploys a new subnet and points the cluster's pools at it, which AKS does not do for existing pools, and the stack then deletes the old subnet the nodes still use (InUseSubnetCannotBeDeleted): the deployment fails
                               bicep instead: keep the subnet-name annotation as import wrote it (the live name); another subnet needs a new cluster under a new name

        1 cluster changed, 0 unchanged: 2 changes, 1 destructive, 2 refused by Azure.
        """,
        DiffText.render(report));
    assertTrue(report.refused(), "a subnet in use cannot be replaced");
    assertTrue(report.destructive(), "Terraform replaces the cluster for its DNS prefix");
  }

  @Test
  void poolAddedIsCreatedWithItsCapacity() {
    DiffReport report = compare("pool-added");
    assertEquals(
        """
        platform/inference: node pool created
          node pool created    pool a100 added: Standard_NC24ads_A100_v4, 1..4 nodes
          capacity: a100 added, max 4 nodes: up to 4 A100 GPUs (was 0)

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """,
        DiffText.render(report));
    assertFalse(report.destructive());
  }

  @Test
  void poolRemovedDeletesItsNodes() {
    DiffReport report = compare("pool-removed");
    assertEquals(
        """
        platform/inference: node pool deleted (destructive)
          node pool deleted    pool a100 removed: Standard_NC24ads_A100_v4, 1..4 nodes
                               terraform why: Terraform deletes the pool and its nodes; their pods are evicted (a PodDisruptionBudget can block the delete)
                               bicep why: the deployment stack (--action-on-unmanage deleteResources) deletes the agentPools child no longer in the template, and its nodes; their pods are evicted
          capacity: a100 removed: no GPUs (was up to 4 A100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """,
        DiffText.render(report));
    assertTrue(report.destructive());
  }

  @Test
  void poolRenamedInPlaceIsRecreated() {
    assertEquals(
        """
        platform/inference: node pool recreated (destructive)
          node pool recreated  pool name: gpuh100 → h100ib
                               terraform why: the agent pool name is its identity (ForceNew), and each pool has its own module address (module.node_pool_<name>): Terraform deletes the old pool, evicting its pods, and creates the new one at the same time, in no set order, so for a while there may be neither or both
                               bicep why: a new agentPools child is created under the new name, and the deployment stack deletes the old one, evicting its pods

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """,
        DiffText.render(compare("pool-renamed")));
  }

  @Test
  void clusterAddedAndRemoved() {
    assertEquals(
        """
        platform/training: cluster created
          cluster created      cluster added: swedencentral, Kubernetes 1.34, 2 pools
          capacity: gpuh100 added, max 8 nodes: up to 64 H100 GPUs (was 0)

        1 cluster changed, 1 unchanged: 1 change, 0 destructive.
        """,
        DiffText.render(compare("cluster-added")));
    DiffReport removed = compare("cluster-removed");
    assertEquals(
        """
        platform/training: cluster removed (destructive)
          cluster removed      cluster removed: swedencentral, Kubernetes 1.34, 2 pools
                               terraform why: its generated roots are deleted: run terraform destroy in them first (the in-cluster root, then the infrastructure root), or the cluster keeps running without code; destroying deletes the resource group and everything in it
                               bicep why: its generated Bicep is deleted: the cluster keeps running until its stack is deleted with az stack sub delete --action-on-unmanage deleteAll, which deletes the resource group and everything in it (deleteResources only detaches a resource group)
          capacity: gpuh100 removed: no GPUs (was up to 64 H100)

        1 cluster changed, 1 unchanged: 1 change, 1 destructive.
        """,
        DiffText.render(removed));
    assertEquals(List.of("platform/inference"), removed.unchanged());
  }

  @Test
  void identicalRevisionsHaveNoChanges() {
    DiffReport report = compare("unchanged");
    assertEquals("No changes in Azure (1 cluster compared).\n", DiffText.render(report));
    assertEquals(List.of(), report.clusters());
    assertFalse(report.destructive());
  }

  @Test
  void unknownVmSizeGivesNoCapacityLine() {
    GpuCapacity nothingKnown = size -> java.util.Optional.empty();
    DiffReport report =
        new ModelDiff(ChangeFacts.bundled(), nothingKnown)
            .compare(
                DiffFixtures.revision("max-node-count", "old"),
                DiffFixtures.revision("max-node-count", "new"));
    assertEquals(List.of(), report.clusters().get(0).capacity());
    assertEquals(1, report.changeCount());
  }

  @Test
  void capacityLookupIsPluggable() {
    GpuCapacity catalog = size -> java.util.Optional.of(new GpuCapacity.GpuCount(4, "X1"));
    DiffReport report =
        new ModelDiff(ChangeFacts.bundled(), catalog)
            .compare(
                DiffFixtures.revision("max-node-count", "old"),
                DiffFixtures.revision("max-node-count", "new"));
    assertEquals(
        "gpuh100 max 8 → 16 nodes: up to 64 X1 GPUs (was 32)",
        report.clusters().get(0).capacity().get(0).text());
  }

  @Test
  void everyClusterAndPoolPropertyInOneChange() {
    DiffReport report = compare("many");
    assertEquals(
        """
        platform/inference: refused by Azure (the apply fails)
          in-place update      kubernetesVersion: 1.34 → 1.35
          in-place update      vnetCidr: 10.0.0.0/16 → 10.1.0.0/16
          refused by Azure     subnetCidr: 10.0.0.0/20 → 10.1.0.0/20
                               why: Azure refuses to re-address a subnet that the nodes' NICs use (InUseSubnetCannotBeUpdated), so the apply fails
                               instead: keep the subnet range; a different range needs a new cluster under a new name, on a network of its own or on an existing subnet (spec.networking.subnetId); moving this cluster's pools to another subnet of the same virtual network is not possible here, as the virtual network is the generated code's and holds one subnet
          in-place update      networkOperator: network-operator 26.4.0 → not installed
          refused by Azure     pool gpuh100 zones: none → 1
                               terraform: node pool recreated: azurerm cycles the pool through its temporary pool (temporary_name_for_rotation), without cordon and drain: every node is replaced and pods are evicted when the old nodes are deleted; the Terraform resource is updated, not replaced, and quota for both pools is needed meanwhile
                               bicep: refused by Azure: a pool's availability zones cannot change after it is created: AKS rejects the update
                               bicep instead: add a pool with the new zones under a new name, cordon and drain the old pool's nodes (kubectl drain), then remove the old pool from the YAML: the deployment stack deletes it
          in-place update      pool gpuh100 minNodeCount: 1 → 2
          in-place update      pool gpuh100 nodeCount: 1 → 2
                               terraform: no change in Azure: only the initial size; the generated code ignores it after creation because the autoscaler owns the count
                               bicep: in-place update: a template cannot ignore a property: every deployment sends count, changed or not, to a pool whose autoscaler owns the count
          in-place update      pool gpuh100 fabric: InfiniBand → None
          in-place update      pool gpuh100 labels: modelplane.ai/fabric=infiniband, modelplane.ai/gpu=nvidia-h100 → modelplane.ai/gpu=nvidia-h100-80gb

        1 cluster changed, 0 unchanged: 9 changes, 1 destructive, 2 refused by Azure.
        """,
        DiffText.render(report));
    ClusterDiff cluster = report.clusters().get(0);
    assertEquals(Consequence.REFUSED, cluster.worst().orElseThrow());
    assertEquals(
        Consequence.REFUSED,
        cluster.worst(Target.TERRAFORM).orElseThrow(),
        "the subnet change fails the Terraform apply too");
    assertEquals(Consequence.REFUSED, cluster.worst(Target.BICEP).orElseThrow());
  }

  @Test
  void roleChangeSwitchesTheGpuDriverWhichRecreatesTheTerraformPoolAndBicepRefuses() {
    assertEquals(
        """
        platform/inference: terraform: node pool recreated (destructive); bicep: refused by Azure (the apply fails)
          in-place update      gpuStackComponents: not installed → node-feature-discovery 0.19.0, dra-driver-nvidia-gpu 0.4.1
          refused by Azure     pool extra gpuDriver: not set → Install
                               terraform: node pool recreated: gpu_driver is ForceNew: Terraform deletes the pool and creates it again under the same name, evicting its pods
                               bicep: refused by Azure: gpuProfile.driver is immutable after the pool is created: AKS rejects the update
                               bicep instead: add a pool with the new role under a new name, cordon and drain the old pool's nodes (kubectl drain), then remove the old pool from the YAML: the deployment stack deletes it
          in-place update      pool extra mode: System → User
          in-place update      pool extra labels: none → modelplane.ai/gpu=nvidia-a100
          in-place update      pool extra taints: none → nvidia.com/gpu=true:NoSchedule
          in-place update      pool extra upgradeSurge: maxSurge 10% → maxUnavailable 1

        1 cluster changed, 0 unchanged: 6 changes, 1 destructive, 1 refused by Azure.
        """,
        DiffText.render(compare("role")));
  }

  /** DRA (the default) to DevicePlugin: the stack's second release is swapped, nodes stay. */
  @Test
  void switchingTheGpuStackSwapsItsReleasesInPlace() {
    assertEquals(
        """
        platform/inference: in-place update
          in-place update      gpuStack: DRA → DevicePlugin
          in-place update      gpuStackComponents: node-feature-discovery 0.19.0, dra-driver-nvidia-gpu 0.4.1 → node-feature-discovery 0.19.0, nvidia-device-plugin 0.20.0

        1 cluster changed, 0 unchanged: 2 changes, 0 destructive.
        """,
        DiffText.render(compare("gpu-stack")));
  }

  @Test
  void reorderingSystemPoolsReplacesTheTerraformClusterAndBicepRefuses() {
    assertEquals(
        """
        platform/inference: terraform: cluster recreated (destructive); bicep: refused by Azure (the apply fails)
          refused by Azure     defaultPool: system → infra
                               terraform: cluster recreated: another pool becomes the first System pool, so default_node_pool.name changes, and azurerm's ForceNewIf on default_node_pool.0.name replaces the whole cluster
                               bicep: refused by Azure: the first System pool is the cluster's inline agentPoolProfiles entry: moving another pool there changes agent pools through the cluster PUT, which AKS has refused ("Node pool update via managed cluster not allowed"), and the stack would delete the agentPools child that moved inline
                               bicep instead: keep the current first System pool in first place and add further System pools after it

        1 cluster changed, 0 unchanged: 1 change, 1 destructive, 1 refused by Azure.
        """,
        DiffText.render(compare("default-pool")));
  }

  @Test
  void declaringASystemPoolOfAnotherNameWhereTheDefaultPoolWasInjectedReplacesTheCluster() {
    assertEquals(
        """
        platform/inference: terraform: cluster recreated (destructive); bicep: refused by Azure (the apply fails)
          refused by Azure     defaultPool: system (injected) → infra (spec.nodePools[0])
                               terraform: cluster recreated: without a System pool the default pool is the one upstream Modelplane injects (system); a declared System pool of another name becomes the default pool instead, so default_node_pool.name changes, and azurerm's ForceNewIf on default_node_pool.0.name replaces the whole cluster
                               bicep: refused by Azure: the default pool is the cluster's inline agentPoolProfiles entry: swapping the injected pool system for a pool of another name changes agent pools through the cluster PUT, which AKS has refused ("Node pool update via managed cluster not allowed"), and the stack would delete the agentPools child that moved inline
                               bicep instead: name the first System pool system, as the injected pool is, with its size Standard_D4s_v5 and its 100 GB disk, so that at most its counts change in place; add other System pools after it

        1 cluster changed, 0 unchanged: 1 change, 1 destructive, 1 refused by Azure.
        """,
        DiffText.render(compare("injected-default-pool-replaced")));
  }

  @Test
  void declaringASystemPoolNamedAsTheInjectedOneKeepsTheClusterAndListsWhatDiffers() {
    assertEquals(
        """
        platform/inference: terraform: node pool recreated (destructive); bicep: refused by Azure (the apply fails)
          no change in Azure   defaultPool: system (injected) → system (spec.nodePools[0])
          refused by Azure     pool system vmSize: Standard_D4s_v5 → Standard_D8s_v5
                               terraform: node pool recreated: azurerm cycles the pool through its temporary pool (temporary_name_for_rotation), without cordon and drain: every node is replaced and pods are evicted when the old nodes are deleted; the Terraform resource is updated, not replaced, and quota for both pools is needed meanwhile
                               bicep: refused by Azure: AKS rejects a vmSize change on an existing agent pool (PropertyChangeNotAllowed); in-place resize is a preview that needs api-version 2026-01-02-preview and the AgentPoolVMSSResize feature
                               bicep instead: add a pool with the new size under a new name, cordon and drain the old pool's nodes (kubectl drain), then remove the old pool from the YAML: the deployment stack deletes it
          in-place update      pool system maxNodeCount: 2 → 8

        1 cluster changed, 0 unchanged: 3 changes, 1 destructive, 1 refused by Azure.
        """,
        DiffText.render(compare("injected-default-pool-same-name")));
  }
}
