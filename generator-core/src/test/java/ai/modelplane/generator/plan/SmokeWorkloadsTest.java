package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.TestClusters;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
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

  /** The example with a MIG pool. */
  private static final String MIG_EXAMPLE = "gpu-economics";

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
    assertClaimsFrom(template, pod);
    assertRunsOnTheGpuPools(pod, plan);
  }

  /** The pod's container uses the claim the pod makes from {@code template}. */
  private static void assertClaimsFrom(JsonNode template, JsonNode pod) {
    assertEquals(
        template.at("/metadata/name").asText(),
        pod.at("/spec/resourceClaims/0/resourceClaimTemplateName").asText());
    assertEquals(
        pod.at("/spec/resourceClaims/0/name").asText(),
        pod.at("/spec/containers/0/resources/claims/0/name").asText());
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

  @Test
  void theDraMigSmokePodClaimsAnInstanceOfTheDriversMigDeviceClass() throws IOException {
    ClusterPlan plan = ClusterPlan.of(withStack(MIG_EXAMPLE, GpuStack.DRA));
    assertEquals(List.of(Platform.NFD_CHART, Platform.DRA_DRIVER_CHART), stackReleases(plan));
    // The chart creates the MIG DeviceClass only with GPUs enabled (v0.4.1
    // templates/deviceclass-mig.yaml:1, values.yaml:78-79 default true): the values never turn
    // them off.
    assertTrue(
        release(plan, Platform.DRA_DRIVER_CHART)
            .values()
            .at("/resources/gpus/enabled")
            .asBoolean(true));
    List<JsonNode> documents = documents("dra-mig-smoke.yaml");
    JsonNode template = kind(documents, "ResourceClaimTemplate");
    assertEquals("resource.k8s.io/v1", template.path("apiVersion").asText());
    assertEquals(
        Platform.DRA_MIG_DEVICE_CLASS,
        template.at("/spec/spec/devices/requests/0/exactly/deviceClassName").asText());
    JsonNode pod = kind(documents, "Pod");
    assertClaimsFrom(template, pod);
    assertRunsOn(pod, migPools(plan));
  }

  @Test
  void theDevicePluginMigSmokePodRequestsAnInstanceOfTheMigPoolsProfile() throws IOException {
    ClusterPlan plan = ClusterPlan.of(withStack(MIG_EXAMPLE, GpuStack.DEVICE_PLUGIN));
    assertEquals(List.of(Platform.NFD_CHART, Platform.DEVICE_PLUGIN_CHART), stackReleases(plan));
    assertEquals(
        Platform.DEVICE_PLUGIN_MIG_STRATEGY,
        release(plan, Platform.DEVICE_PLUGIN_CHART).values().path("migStrategy").asText());
    JsonNode pod = kind(documents("device-plugin-mig-smoke.yaml"), "Pod");
    List<String> requested = new ArrayList<>();
    pod.at("/spec/containers/0/resources/limits").fieldNames().forEachRemaining(requested::add);
    assertEquals(1, requested.size(), requested.toString());
    String resource = requested.get(0);
    assertTrue(resource.startsWith(Platform.DEVICE_PLUGIN_MIG_RESOURCE_PREFIX), resource);
    assertEquals(1, pod.at("/spec/containers/0/resources/limits").path(resource).asInt());
    // NVML names a profile by its compute slices first (3g.40gb): the pool's MIG3g.
    String profile = resource.substring(Platform.DEVICE_PLUGIN_MIG_RESOURCE_PREFIX.length());
    List<String> poolProfiles =
        migPools(plan).stream()
            .map(p -> p.pool().gpu().orElseThrow().migProfile().orElseThrow())
            .map(mig -> mig.substring("MIG".length()) + ".")
            .toList();
    assertTrue(
        poolProfiles.stream().anyMatch(profile::startsWith),
        profile + " is no instance of the MIG pools' profiles " + poolProfiles);
    assertRunsOn(pod, migPools(plan));
  }

  /** A cluster without a MIG pool keeps the plugin's default strategy (none). */
  @Test
  void theDevicePluginOfAClusterWithoutMigPoolsSetsNoMigStrategy() {
    ClusterPlan plan = ClusterPlan.of(withStack("inference-westeurope", GpuStack.DEVICE_PLUGIN));
    assertTrue(
        release(plan, Platform.DEVICE_PLUGIN_CHART).values().path("migStrategy").isMissingNode());
  }

  /** Every pod runs the same check, so that their outputs compare. */
  @Test
  void bothPodsListTheirGpusWithNvidiaSmi() throws IOException {
    for (String file :
        List.of(
            "dra-smoke.yaml",
            "device-plugin-smoke.yaml",
            "dra-mig-smoke.yaml",
            "device-plugin-mig-smoke.yaml")) {
      JsonNode container = kind(documents(file), "Pod").at("/spec/containers/0");
      assertEquals("[\"nvidia-smi\",\"-L\"]", container.path("command").toString(), file);
    }
  }

  /**
   * The pod tolerates every taint of every GPU pool of the plan, and a nodeSelector, if any, names
   * only labels every GPU pool carries.
   */
  private static void assertRunsOnTheGpuPools(JsonNode pod, ClusterPlan plan) {
    assertRunsOn(pod, plan.gpuPools());
  }

  /** The MIG pools of {@code plan}: the example has one. */
  private static List<PoolPlan> migPools(ClusterPlan plan) {
    List<PoolPlan> pools =
        plan.gpuPools().stream()
            .filter(p -> p.pool().gpu().flatMap(g -> g.migProfile()).isPresent())
            .toList();
    assertFalse(pools.isEmpty(), "no MIG pool in " + MIG_EXAMPLE);
    return pools;
  }

  private static void assertRunsOn(JsonNode pod, List<PoolPlan> pools) {
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
    pools.forEach(p -> p.taints().forEach(t -> taints.add(Taint.parse(t))));
    InClusterDaemonSets.assertTolerated("the smoke pod", tolerations, taints);
    pod.at("/spec/nodeSelector")
        .fields()
        .forEachRemaining(
            e ->
                assertTrue(
                    pools.stream()
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

  private static HelmRelease release(ClusterPlan plan, String chart) {
    return InClusterObjects.of(plan).present().stream()
        .flatMap(c -> c.objects().stream())
        .filter(HelmRelease.class::isInstance)
        .map(HelmRelease.class::cast)
        .filter(r -> r.chart().equals(chart))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no release of " + chart));
  }

  private static AksCluster withStack(GpuStack stack) {
    return withStack("inference-westeurope", stack);
  }

  private static AksCluster withStack(String example, GpuStack stack) {
    return TestClusters.withGpuStack(Fixtures.example(example).get(0), stack);
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
