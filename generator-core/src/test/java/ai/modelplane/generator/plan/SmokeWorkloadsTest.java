package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.AksClusterSpec;
import ai.modelplane.generator.model.GpuStack;
import ai.modelplane.generator.platform.Platform;
import ai.modelplane.generator.render.InClusterDaemonSets;
import ai.modelplane.generator.render.InClusterDaemonSets.Taint;
import ai.modelplane.generator.render.InClusterDaemonSets.Toleration;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The smoke workloads under examples/workloads/ ask for what the generated stack provides: the DRA
 * one names the DeviceClass the DRA driver creates, the device-plugin one the resource the plugin
 * advertises, and both pods tolerate every taint the plan puts on the seed's GPU pools and select
 * no label those pools lack. Each is read as YAML and checked against the in-cluster model and the
 * plan, so a changed taint, mode or resource fails here.
 */
class SmokeWorkloadsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path WORKLOADS = Fixtures.REPOSITORY.resolve("examples/workloads");

  @Test
  void theDraSmokePodClaimsAGpuOfTheDriversDeviceClassOnTheGpuPools() throws IOException {
    ClusterPlan plan = ClusterPlan.of(withStack(GpuStack.DRA));
    assertEquals(List.of(Platform.NFD_CHART, Platform.DRA_DRIVER_CHART), stackReleases(plan));
    List<JsonNode> documents = documents("dra-smoke.yaml");
    JsonNode template = kind(documents, "ResourceClaimTemplate");
    assertEquals("resource.k8s.io/v1", template.path("apiVersion").asText());
    JsonNode request = template.at("/spec/spec/devices/requests/0");
    assertEquals(Platform.DRA_DEVICE_CLASS, request.at("/exactly/deviceClassName").asText());
    JsonNode pod = kind(documents, "Pod");
    assertEquals(
        template.at("/metadata/name").asText(),
        pod.at("/spec/resourceClaims/0/resourceClaimTemplateName").asText());
    assertEquals(
        pod.at("/spec/resourceClaims/0/name").asText(),
        pod.at("/spec/containers/0/resources/claims/0/name").asText());
    assertRunsOnTheGpuPools(pod, plan);
  }

  @Test
  void theDevicePluginSmokePodRequestsTheResourceThePluginAdvertises() throws IOException {
    ClusterPlan plan = ClusterPlan.of(withStack(GpuStack.DEVICE_PLUGIN));
    assertEquals(List.of(Platform.NFD_CHART, Platform.DEVICE_PLUGIN_CHART), stackReleases(plan));
    JsonNode pod = kind(documents("device-plugin-smoke.yaml"), "Pod");
    assertEquals(
        1,
        pod.at("/spec/containers/0/resources/limits")
            .path(Platform.DEVICE_PLUGIN_RESOURCE)
            .asInt());
    assertRunsOnTheGpuPools(pod, plan);
  }

  /** Both pods run the same check, so that their outputs compare. */
  @Test
  void bothPodsListTheirGpusWithNvidiaSmi() throws IOException {
    for (String file : List.of("dra-smoke.yaml", "device-plugin-smoke.yaml")) {
      JsonNode container = kind(documents(file), "Pod").at("/spec/containers/0");
      assertEquals("[\"nvidia-smi\",\"-L\"]", container.path("command").toString(), file);
    }
  }

  /**
   * The pod tolerates every taint of every GPU pool of the plan, and a nodeSelector, if any, names
   * only labels every GPU pool carries.
   */
  private static void assertRunsOnTheGpuPools(JsonNode pod, ClusterPlan plan) {
    List<Toleration> tolerations = new ArrayList<>();
    for (JsonNode t : pod.at("/spec/tolerations")) {
      tolerations.add(
          new Toleration(
              t.path("key").asText(null),
              t.path("operator").asText(null),
              t.path("value").asText(null),
              t.path("effect").asText(null)));
    }
    List<Taint> taints = new ArrayList<>();
    plan.gpuPools().forEach(p -> p.taints().forEach(t -> taints.add(Taint.parse(t))));
    InClusterDaemonSets.assertTolerated("the smoke pod", tolerations, taints);
    pod.at("/spec/nodeSelector")
        .fields()
        .forEachRemaining(
            e ->
                assertTrue(
                    plan.gpuPools().stream()
                        .allMatch(p -> e.getValue().asText().equals(p.labels().get(e.getKey()))),
                    "a GPU pool lacks the label " + e));
  }

  /** The names of the releases the model installs besides the StorageClass and the operator. */
  private static List<String> stackReleases(ClusterPlan plan) {
    return InClusterObjects.of(plan).present().stream()
        .flatMap(c -> c.objects().stream())
        .filter(HelmRelease.class::isInstance)
        .map(HelmRelease.class::cast)
        .map(HelmRelease::chart)
        .filter(chart -> !chart.equals(Platform.NETWORK_OPERATOR_CHART))
        .toList();
  }

  private static AksCluster withStack(GpuStack stack) {
    AksCluster seed = Fixtures.example("inference-westeurope").get(0);
    AksClusterSpec spec = seed.spec();
    return new AksCluster(
        seed.source(),
        seed.name(),
        seed.namespace(),
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
            spec.authorizedIpRanges()),
        seed.names());
  }

  private static List<JsonNode> documents(String file) throws IOException {
    List<JsonNode> documents = new ArrayList<>();
    try (var parser = YAML.getFactory().createParser(WORKLOADS.resolve(file).toFile())) {
      YAML.readValues(parser, JsonNode.class).forEachRemaining(documents::add);
    }
    return documents;
  }

  private static JsonNode kind(List<JsonNode> documents, String kind) {
    return documents.stream()
        .filter(d -> d.path("kind").asText().equals(kind))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind));
  }
}
