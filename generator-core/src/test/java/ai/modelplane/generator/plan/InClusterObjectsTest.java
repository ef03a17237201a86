package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.platform.Platform;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The in-cluster model: what a cluster holds, and the run commands built from it. */
class InClusterObjectsTest {
  private static InClusterObjects objects(String example) {
    return InClusterObjects.of(ClusterPlan.of(Fixtures.example(example).get(0)));
  }

  @Test
  void theNetworkOperatorIsPresentExactlyWhenAPoolHasInfiniBand() {
    assertEquals(
        List.of("the ModelCache StorageClass", "the NVIDIA network operator"),
        objects("inference-westeurope").present().stream().map(InClusterComponent::name).toList());
    assertEquals(
        List.of("the ModelCache StorageClass"),
        objects("minimal").present().stream().map(InClusterComponent::name).toList());
  }

  @Test
  void tolerationsAreDerivedFromTheTaintsOnePerKeyAndEffect() {
    assertEquals(
        "[{\"key\":\"nvidia.com/gpu\",\"operator\":\"Exists\",\"effect\":\"NoSchedule\"},"
            + "{\"key\":\"dedicated\",\"operator\":\"Exists\",\"effect\":\"NoExecute\"}]",
        Tolerations.of(
                List.of(
                    "nvidia.com/gpu=true:NoSchedule",
                    "nvidia.com/gpu=false:NoSchedule",
                    "dedicated:NoExecute"))
            .toString());
    assertThrows(IllegalArgumentException.class, () -> Tolerations.of(List.of("no-effect")));
  }

  @Test
  void theOperatorToleratesTheTaintsTheGpuPoolsCarry() {
    ClusterPlan plan = ClusterPlan.of(Fixtures.example("inference-westeurope").get(0));
    List<String> taints = InClusterObjects.gpuTaints(plan);
    assertEquals(List.of(Platform.GPU_TAINT), taints);
    HelmRelease release =
        (HelmRelease) InClusterObjects.of(plan).components().get(1).objects().get(1);
    assertEquals(
        Tolerations.of(taints), release.values().at("/node-feature-discovery/worker/tolerations"));
  }

  @Test
  void attachedCommandsReadFilesAndInlineOnesPipeTheSameDocuments() {
    InClusterObjects seed = objects("inference-westeurope");
    String attached = InClusterCommands.converge(seed, InClusterCommands.Files.ATTACHED);
    String inline = InClusterCommands.converge(seed, InClusterCommands.Files.INLINE);

    assertTrue(
        attached.startsWith(
            "kubectl apply -f storage-class.json && kubectl apply -f network-operator-namespace.json"
                + " && helm upgrade --install network-operator network-operator"),
        attached);
    assertTrue(attached.contains(" --values network-operator-values.json "), attached);
    assertTrue(attached.endsWith(" && kubectl apply -f nic-cluster-policy.json"), attached);
    assertEquals(
        List.of(
            "storage-class.json",
            "network-operator-namespace.json",
            "network-operator-values.json",
            "nic-cluster-policy.json"),
        iterable(InClusterCommands.attachedFiles(seed).fieldNames()));
    assertTrue(
        inline.contains(
            "printf '%s' '{\"node-feature-discovery\":{\"worker\":{\"tolerations\":[{\"key\":"
                + "\"nvidia.com/gpu\",\"operator\":\"Exists\",\"effect\":\"NoSchedule\"}]}}}'"
                + " | helm upgrade --install network-operator network-operator"),
        inline);
    assertFalse(inline.contains(".json"), inline);
  }

  @Test
  void anAbsentComponentIsRemovedInReverseOrderAndRemovalRunsBackwards() {
    String converge =
        InClusterCommands.converge(objects("minimal"), InClusterCommands.Files.ATTACHED);
    assertEquals(
        "kubectl apply -f storage-class.json"
            + " && if kubectl get crd nicclusterpolicies.mellanox.com >/dev/null 2>&1; then"
            + " kubectl delete nicclusterpolicies.mellanox.com nic-cluster-policy --ignore-not-found"
            + " --timeout=900s; fi"
            + " && if helm status network-operator --namespace network-operator >/dev/null 2>&1;"
            + " then helm uninstall network-operator --namespace network-operator; fi"
            + " && kubectl delete namespace network-operator --ignore-not-found --timeout=900s",
        converge);
    assertEquals(
        List.of("storage-class.json"),
        iterable(InClusterCommands.attachedFiles(objects("minimal")).fieldNames()));
    assertTrue(
        InClusterCommands.removeAll(objects("minimal"))
            .endsWith(" && kubectl delete storageclass modelplane-rwx-fs --ignore-not-found"));
  }

  @Test
  void twoObjectsCannotShareAFile() {
    KubernetesManifest one =
        new KubernetesManifest(
            "same", "storageclass", false, JsonNodeFactory.instance.objectNode());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new InClusterObjects(
                List.of(
                    new InClusterComponent("a", true, 0, List.of(one)),
                    new InClusterComponent("b", true, 0, List.of(one)))));
  }

  private static List<String> iterable(java.util.Iterator<String> names) {
    List<String> list = new java.util.ArrayList<>();
    names.forEachRemaining(list::add);
    return list;
  }
}
