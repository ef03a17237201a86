package ai.modelplane.generator;

import ai.modelplane.generator.bind.ClusterBinder;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.AksClusterSpec;
import ai.modelplane.generator.model.Fabric;
import ai.modelplane.generator.model.GpuConfig;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.model.Networking;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.model.PoolSettings;
import ai.modelplane.generator.model.Role;
import ai.modelplane.generator.model.SourceRef;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Small model builders for tests that do not need YAML. */
public final class TestClusters {
  private TestClusters() {}

  public static NodePool systemPool(int index, String name) {
    return new NodePool(
        index,
        name,
        Role.SYSTEM,
        "Standard_D8s_v5",
        2,
        Optional.empty(),
        8,
        Fabric.NONE,
        Optional.empty(),
        List.of(),
        disk(100),
        NodePool.REGULAR,
        Optional.empty(),
        Optional.empty());
  }

  public static NodePool gpuPool(int index, String name, Fabric fabric) {
    return new NodePool(
        index,
        name,
        Role.GPU,
        "Standard_ND96isr_H100_v5",
        1,
        Optional.of(1),
        8,
        fabric,
        Optional.of(new GpuConfig("nvidia-h100")),
        List.of(),
        disk(200),
        NodePool.REGULAR,
        Optional.empty(),
        Optional.empty());
  }

  /** The settings of a pool that sets only the required disk size. */
  public static PoolSettings disk(int diskSizeGb) {
    return new PoolSettings(Map.of("diskSizeGb", Integer.toString(diskSizeGb)));
  }

  public static AksCluster cluster(String namespace, String name, NodePool... pools) {
    return new AksCluster(
        new SourceRef("examples/test.yaml", 0, 1),
        name,
        namespace,
        new AksClusterSpec(
            "1.34",
            "westeurope",
            new Networking("10.0.0.0/16", "10.0.0.0/20"),
            List.of(pools),
            ClusterBinder.upstreamDefaultPool()));
  }

  /** {@code cluster} with {@code spec.gpuStack} set to {@code stack}, everything else as it is. */
  public static AksCluster withGpuStack(AksCluster cluster, GpuStack stack) {
    AksClusterSpec spec = cluster.spec();
    return new AksCluster(
        cluster.source(),
        cluster.name(),
        cluster.namespace(),
        new AksClusterSpec(
            spec.kubernetesVersion(),
            spec.location(),
            spec.endpointAccess(),
            spec.networking(),
            spec.nodePools(),
            spec.tags(),
            spec.workloadIdentity(),
            spec.authentication(),
            stack,
            spec.authorizedIpRanges(),
            spec.maintenance(),
            spec.upstreamDefaultPool()),
        cluster.names());
  }
}
