package ai.modelplane.generator.diff;

import static ai.modelplane.generator.diff.DiffFixtures.compare;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One pair of YAML revisions per consequence class, with the exact text a reviewer reads. */
class ModelDiffTest {
  @Test
  void vmSizeIsHarmlessInYamlButRecreatesThePool() {
    DiffReport report = compare("vm-size");
    assertEquals("""
        platform/inference: node pool recreated (destructive)
          node pool recreated  pool gpuh100 vmSize: Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5
                               why: a pool's VM size cannot change; AKS rebuilds it under its temporary rotation name and moves the workloads
          capacity: gpuh100 Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(report));
    assertTrue(report.destructive());
  }

  @Test
  void maxNodeCountLooksLargeButIsInPlace() {
    DiffReport report = compare("max-node-count");
    assertEquals("""
        platform/inference: in-place update
          in-place update      pool gpuh100 maxNodeCount: 8 → 16
          capacity: gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """, DiffText.render(report));
    assertFalse(report.destructive());
  }

  @Test
  void capacityLineHasTheExactWording() {
    List<CapacityImpact> capacity = compare("max-node-count").clusters().get(0).capacity();
    assertEquals(List.of(new CapacityImpact("gpuh100", 64, "H100", 128, "H100",
        "gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)")), capacity);
  }

  @Test
  void nodeCountIsOnlyTheInitialSize() {
    assertEquals("""
        platform/inference: no change in Azure
          no change in Azure   pool system nodeCount: 2 → 3

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """, DiffText.render(compare("node-count")));
  }

  @Test
  void subnetCidrChangeRecreatesTheCluster() {
    DiffReport report = compare("subnet-cidr");
    assertEquals("""
        platform/inference: cluster recreated (destructive)
          cluster recreated    subnetCidr: 10.0.0.0/20 → 10.0.16.0/20
                               why: every pool's nodes hold addresses from this subnet: it cannot be re-addressed in use, and the default pool cannot leave it without replacing the cluster

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(report));
    assertTrue(report.destructive());
  }

  @Test
  void renamedClusterIsRecognisedAndRecreated() {
    assertEquals("""
        platform/inference2 (was platform/inference): cluster recreated (destructive)
          cluster recreated    name: inference → inference2
                               why: the managed cluster's name and DNS prefix cannot change; a new name is a new cluster

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(compare("renamed")));
  }

  @Test
  void namespaceChangeRenamesTheResourceGroupAndRecreatesTheCluster() {
    assertEquals("""
        serving/inference (was platform/inference): cluster recreated (destructive)
          cluster recreated    namespace: platform → serving
                               why: a resource group cannot be renamed; a new name is a new group, and the old one goes with everything in it

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(compare("namespace")));
  }

  @Test
  void poolAddedIsCreatedWithItsCapacity() {
    DiffReport report = compare("pool-added");
    assertEquals("""
        platform/inference: node pool created
          node pool created    pool a100 added: Standard_NC24ads_A100_v4, 1..4 nodes
          capacity: a100 added, max 4 nodes: up to 4 A100 GPUs (was 0)

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """, DiffText.render(report));
    assertFalse(report.destructive());
  }

  @Test
  void poolRemovedDeletesItsNodes() {
    DiffReport report = compare("pool-removed");
    assertEquals("""
        platform/inference: node pool deleted (destructive)
          node pool deleted    pool a100 removed: Standard_NC24ads_A100_v4, 1..4 nodes
                               why: the pool and its nodes are deleted; their pods are evicted
          capacity: a100 removed: no GPUs (was up to 4 A100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(report));
    assertTrue(report.destructive());
  }

  @Test
  void poolRenamedInPlaceIsRecreated() {
    assertEquals("""
        platform/inference: node pool recreated (destructive)
          node pool recreated  pool name: gpuh100 → h100ib
                               why: the agent pool name is its identity; a new name is a new pool and the old pool is deleted

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(compare("pool-renamed")));
  }

  @Test
  void clusterAddedAndRemoved() {
    assertEquals("""
        platform/training: cluster created
          cluster created      cluster added: swedencentral, Kubernetes 1.34, 2 pools
          capacity: gpuh100 added, max 8 nodes: up to 64 H100 GPUs (was 0)

        1 cluster changed, 1 unchanged: 1 change, 0 destructive.
        """, DiffText.render(compare("cluster-added")));
    DiffReport removed = compare("cluster-removed");
    assertEquals("""
        platform/training: cluster removed (destructive)
          cluster removed      cluster removed: swedencentral, Kubernetes 1.34, 2 pools
                               why: its generated code is deleted; destroying it deletes the resource group and everything in it
          capacity: gpuh100 removed: no GPUs (was up to 64 H100)

        1 cluster changed, 1 unchanged: 1 change, 1 destructive.
        """, DiffText.render(removed));
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
    DiffReport report = new ModelDiff(ChangeFacts.bundled(), nothingKnown)
        .compare(DiffFixtures.revision("max-node-count", "old"), DiffFixtures.revision("max-node-count", "new"));
    assertEquals(List.of(), report.clusters().get(0).capacity());
    assertEquals(1, report.changeCount());
  }

  @Test
  void capacityLookupIsPluggable() {
    GpuCapacity catalog = size -> java.util.Optional.of(new GpuCapacity.GpuCount(4, "X1"));
    DiffReport report = new ModelDiff(ChangeFacts.bundled(), catalog)
        .compare(DiffFixtures.revision("max-node-count", "old"), DiffFixtures.revision("max-node-count", "new"));
    assertEquals("gpuh100 max 8 → 16 nodes: up to 64 X1 GPUs (was 32)", report.clusters().get(0).capacity().get(0).text());
  }

  @Test
  void everyClusterAndPoolPropertyInOneChange() {
    DiffReport report = compare("many");
    assertEquals("""
        platform/inference: cluster recreated (destructive)
          in-place update      kubernetesVersion: 1.34 → 1.35
          cluster recreated    vnetCidr: 10.0.0.0/16 → 10.1.0.0/16
                               why: the node subnet and every node live in this range: Azure refuses to take an address range away while it is in use, so a new range means a new network and cluster
          cluster recreated    subnetCidr: 10.0.0.0/20 → 10.1.0.0/20
                               why: every pool's nodes hold addresses from this subnet: it cannot be re-addressed in use, and the default pool cannot leave it without replacing the cluster
          in-place update      networkOperator: network-operator 26.4.0 → not installed
          node pool recreated  pool gpuh100 zones: none → 1
                               why: a pool's availability zones cannot change in place; the pool is rebuilt
          in-place update      pool gpuh100 minNodeCount: 1 → 2
          no change in Azure   pool gpuh100 nodeCount: 1 → 2
          in-place update      pool gpuh100 fabric: InfiniBand → None
          in-place update      pool gpuh100 labels: modelplane.ai/fabric=infiniband, modelplane.ai/gpu=nvidia-h100 → modelplane.ai/gpu=nvidia-h100-80gb

        1 cluster changed, 0 unchanged: 9 changes, 3 destructive.
        """, DiffText.render(report));
    assertEquals(Consequence.CLUSTER_RECREATED, report.clusters().get(0).worst().orElseThrow());
  }

  @Test
  void roleChangeSwitchesTheGpuDriverWhichRecreatesThePool() {
    assertEquals("""
        platform/inference: node pool recreated (destructive)
          node pool recreated  pool extra gpuDriver: not set → Install
                               why: the GPU driver mode is immutable after the pool is created
          in-place update      pool extra mode: System → User
          in-place update      pool extra labels: none → modelplane.ai/gpu=nvidia-a100
          in-place update      pool extra taints: none → nvidia.com/gpu=true:NoSchedule

        1 cluster changed, 0 unchanged: 4 changes, 1 destructive.
        """, DiffText.render(compare("role")));
  }

  @Test
  void reorderingSystemPoolsMovesTheDefaultPool() {
    assertEquals("""
        platform/inference: node pool recreated (destructive)
          node pool recreated  defaultPool: system → infra
                               why: the first System pool is declared inside the cluster, the others as pool resources: moving a pool in or out of that place rebuilds it

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, DiffText.render(compare("default-pool")));
  }
}
