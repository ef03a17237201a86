package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.TestClusters;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.GpuStack;
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
        List.of(
            "the ModelCache StorageClass",
            "node feature discovery",
            "the NVIDIA network operator",
            "the NVIDIA DRA driver"),
        objects("inference-westeurope").present().stream().map(InClusterComponent::name).toList());
    assertEquals(
        List.of("the ModelCache StorageClass"),
        objects("minimal").present().stream().map(InClusterComponent::name).toList());
  }

  @Test
  void theGpuStackFollowsTheModeAndNeedsAGpuPool() {
    assertEquals(
        List.of(
            "the ModelCache StorageClass", "node feature discovery", "the NVIDIA device plugin"),
        withStack("multi-pool", GpuStack.DEVICE_PLUGIN).present().stream()
            .map(InClusterComponent::name)
            .filter(n -> !n.equals("the NVIDIA network operator"))
            .toList());
    assertEquals(
        List.of("the ModelCache StorageClass"),
        withStack("multi-pool", GpuStack.NONE).present().stream()
            .map(InClusterComponent::name)
            .filter(n -> !n.equals("the NVIDIA network operator"))
            .toList());
  }

  /**
   * One node feature discovery per cluster: with a GPU stack the operator's own is off, with None
   * (or no GPU pool) the operator keeps it and tolerates the GPU pools' taints.
   */
  @Test
  void theOperatorRunsItsOwnNodeFeatureDiscoveryOnlyWithoutAGpuStack() {
    HelmRelease withStack = release(objects("inference-westeurope"), "network-operator");
    assertEquals(false, withStack.values().at("/nfd/enabled").asBoolean(true));
    assertTrue(withStack.values().at("/node-feature-discovery").isMissingNode());

    InClusterObjects none = withStack("inference-westeurope", GpuStack.NONE);
    HelmRelease own = release(none, "network-operator");
    assertEquals(
        Tolerations.of(List.of(Platform.GPU_TAINT)),
        own.values().at("/node-feature-discovery/worker/tolerations"));
    assertTrue(own.values().at("/nfd").isMissingNode());
  }

  @Test
  void everyGpuDaemonSetToleratesTheGpuPoolTaintsAndTheSpotTaint() {
    ClusterPlan plan = ClusterPlan.of(Fixtures.example("inference-westeurope").get(0));
    List<String> taints = InClusterObjects.gpuTaints(plan);
    assertEquals(List.of(Platform.GPU_TAINT), taints);
    var expected = Tolerations.of(List.of(Platform.GPU_TAINT, Platform.SPOT_TAINT));
    assertEquals(
        expected,
        release(objects("inference-westeurope"), Platform.NFD_CHART)
            .values()
            .at("/worker/tolerations"));
    assertEquals(
        expected,
        release(objects("inference-westeurope"), Platform.DRA_DRIVER_CHART)
            .values()
            .at("/kubeletPlugin/tolerations"));
    assertEquals(
        expected,
        release(
                withStack("inference-westeurope", GpuStack.DEVICE_PLUGIN),
                Platform.DEVICE_PLUGIN_CHART)
            .values()
            .at("/tolerations"));
  }

  /** Switching DevicePlugin to DRA removes the plugin before anything is installed. */
  @Test
  void aReplacedComponentIsRemovedBeforeItsReplacementIsInstalled() {
    String converge =
        InClusterCommands.converge(
            objects("inference-westeurope"), InClusterCommands.Files.ATTACHED);
    int removal = converge.indexOf("helm uninstall nvidia-device-plugin");
    int install = converge.indexOf("helm upgrade --install dra-driver-nvidia-gpu");
    assertTrue(removal >= 0 && install > removal, converge);
    assertTrue(
        converge.contains(
            "helm upgrade --install dra-driver-nvidia-gpu"
                + " oci://registry.k8s.io/dra-driver-nvidia/charts/dra-driver-nvidia-gpu --version 0.4.1"),
        converge);
  }

  private static InClusterObjects withStack(String example, GpuStack stack) {
    return InClusterObjects.of(
        ClusterPlan.of(TestClusters.withGpuStack(Fixtures.example(example).get(0), stack)));
  }

  private static HelmRelease release(InClusterObjects objects, String name) {
    return objects.present().stream()
        .flatMap(c -> c.objects().stream())
        .filter(HelmRelease.class::isInstance)
        .map(HelmRelease.class::cast)
        .filter(r -> r.name().equals(name))
        .findFirst()
        .orElseThrow();
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
  void attachedCommandsReadFilesAndInlineOnesPipeTheSameDocuments() {
    InClusterObjects minimal = objects("minimal");
    InClusterObjects seed = objects("inference-westeurope");
    String attached = InClusterCommands.converge(seed, InClusterCommands.Files.ATTACHED);
    String inline = InClusterCommands.converge(seed, InClusterCommands.Files.INLINE);

    assertTrue(
        attached.contains(
            " && kubectl apply -f storage-class.json && kubectl apply -f"
                + " node-feature-discovery-namespace.json && helm upgrade --install"
                + " node-feature-discovery oci://registry.k8s.io/nfd/charts/node-feature-discovery"),
        attached);
    assertTrue(attached.contains(" --values network-operator-values.json "), attached);
    assertTrue(attached.contains(" && kubectl apply -f nic-cluster-policy.json && "), attached);
    assertEquals(
        List.of(
            "storage-class.json",
            "node-feature-discovery-namespace.json",
            "node-feature-discovery-values.json",
            "network-operator-namespace.json",
            "network-operator-values.json",
            "nic-cluster-policy.json",
            "dra-driver-nvidia-gpu-namespace.json",
            "dra-driver-nvidia-gpu-values.json"),
        iterable(InClusterCommands.attachedFiles(seed).fieldNames()));
    assertTrue(
        inline.contains(
            "printf '%s' '{\"nfd\":{\"enabled\":false}}'"
                + " | helm upgrade --install network-operator network-operator"),
        inline);
    assertFalse(inline.contains(".json"), inline);
    assertEquals(
        List.of("storage-class.json"),
        iterable(InClusterCommands.attachedFiles(minimal).fieldNames()));
  }

  @Test
  void anAbsentComponentIsRemovedInReverseOrderAndRemovalRunsBackwards() {
    String converge =
        InClusterCommands.converge(objects("minimal"), InClusterCommands.Files.ATTACHED);
    assertEquals(
        "if helm status nvidia-device-plugin --namespace nvidia-device-plugin >/dev/null 2>&1;"
            + " then helm uninstall nvidia-device-plugin --namespace nvidia-device-plugin; fi"
            + " && kubectl delete namespace nvidia-device-plugin --ignore-not-found --timeout=300s"
            + " && if helm status dra-driver-nvidia-gpu --namespace dra-driver-nvidia-gpu"
            + " >/dev/null 2>&1; then helm uninstall dra-driver-nvidia-gpu --namespace"
            + " dra-driver-nvidia-gpu; fi"
            + " && kubectl delete namespace dra-driver-nvidia-gpu --ignore-not-found --timeout=300s"
            + " && if kubectl get crd nicclusterpolicies.mellanox.com >/dev/null 2>&1; then"
            + " kubectl delete nicclusterpolicies.mellanox.com nic-cluster-policy --ignore-not-found"
            + " --timeout=900s; fi"
            + " && if helm status network-operator --namespace network-operator >/dev/null 2>&1;"
            + " then helm uninstall network-operator --namespace network-operator; fi"
            + " && kubectl delete namespace network-operator --ignore-not-found --timeout=900s"
            + " && if helm status node-feature-discovery --namespace node-feature-discovery"
            + " >/dev/null 2>&1; then helm uninstall node-feature-discovery --namespace"
            + " node-feature-discovery; fi"
            + " && kubectl delete namespace node-feature-discovery --ignore-not-found"
            + " --timeout=300s"
            + " && kubectl apply -f storage-class.json",
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
