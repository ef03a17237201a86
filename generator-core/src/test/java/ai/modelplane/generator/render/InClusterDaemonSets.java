package ai.modelplane.generator.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The DaemonSets the in-cluster components create, read in the charts' own source at the pinned
 * versions (Mellanox/network-operator tag v26.4.0, commit 12e6d54a; the output installs no GPU
 * operator: AKS installs the NVIDIA driver, {@code gpu_driver = "Install"}), and the value each
 * takes its tolerations from:
 *
 * <ul>
 *   <li>{@code node-feature-discovery} worker: {@code
 *       deployment/network-operator/charts/node-feature-discovery/templates/worker.yaml} l.1
 *       ({@code if .Values.worker.enable}, default true: the subchart's {@code values.yaml} l.374;
 *       the subchart itself is on by {@code nfd.enabled}, network-operator {@code values.yaml}
 *       l.21) with tolerations from {@code .Values.worker.tolerations} (l.202-203), i.e. the chart
 *       value {@code node-feature-discovery.worker.tolerations}. Setting it replaces the chart's
 *       default list (network-operator {@code values.yaml} l.82-91), so the GPU toleration must be
 *       in the value the output sets.
 *   <li>{@code node-feature-discovery} topology updater: {@code templates/topologyupdater.yaml}
 *       l.1, off unless {@code topologyUpdater.enable} (default false, subchart {@code values.yaml}
 *       l.833).
 *   <li>SR-IOV network operator (DaemonSets of its own): off unless {@code
 *       sriovNetworkOperator.enabled} (default false, network-operator {@code values.yaml} l.30;
 *       {@code Chart.yaml} dependency condition). The maintenance operator (off, l.34) runs no
 *       DaemonSet. The chart's own templates hold no DaemonSet.
 *   <li>DOCA driver ({@code manifests/state-ofed-driver/0050_ofed-driver-ds.yaml} l.39-45) and RDMA
 *       shared device plugin ({@code
 *       manifests/state-rdma-shared-device-plugin/0060_rdma-shared-dev-plugin-ds.yaml} l.36-42),
 *       created by the operator for the NicClusterPolicy's {@code ofedDriver} and {@code
 *       rdmaSharedDevicePlugin}: tolerations from the policy's {@code spec.tolerations} ({@code
 *       pkg/state/state_ofed.go} l.711, {@code state_rdma_shared_device_plugin.go} l.165) followed
 *       by a fixed {@code nvidia.com/gpu} one. The operator also picks the driver's nodes by the
 *       policy's tolerations ({@code state_ofed.go} l.590-594).
 * </ul>
 *
 * <p>A chart value or policy component outside {@link #CHART_VALUES} and {@link #POLICY_SPEC} would
 * change which DaemonSets exist; the tests fail on it until this list is derived again.
 */
public final class InClusterDaemonSets {
  /** The only chart values the output sets, as dotted paths. */
  public static final Set<String> CHART_VALUES =
      Set.of("node-feature-discovery.worker.tolerations");

  /**
   * The operator's values where the GPU stack's node-feature-discovery serves it: the subchart is
   * off (network-operator {@code Chart.yaml} l.14-18, condition {@code nfd.enabled}), so no NFD
   * DaemonSet of its own exists.
   */
  public static final Set<String> CHART_VALUES_EXTERNAL_NFD = Set.of("nfd.enabled");

  /**
   * The GPU stack's DaemonSets, each chart's values the output sets, and the value each takes its
   * tolerations from (read at the pinned tags): node-feature-discovery v0.19.0 worker ({@code
   * templates/worker.yaml} l.203-204, {@code worker.tolerations}); dra-driver-nvidia-gpu v0.4.1
   * kubelet plugin ({@code templates/kubeletplugin.yaml} l.380-382, {@code
   * kubeletPlugin.tolerations}; the ComputeDomain controller is off with {@code
   * resources.computeDomains.enabled}); nvidia-device-plugin v0.20.0 plugin ({@code
   * templates/daemonset-device-plugin.yml} l.272-273, {@code tolerations}; GFD and MPS DaemonSets
   * stay off by default).
   */
  public static final Map<String, Map<Set<String>, String>> GPU_STACK_VALUES =
      Map.of(
          "node-feature-discovery",
          Map.of(
              Set.of("worker.tolerations", "worker.config.sources.pci.deviceLabelFields"),
              "worker.tolerations"),
          "dra-driver-nvidia-gpu",
          Map.of(
              Set.of(
                  "nvidiaDriverRoot",
                  "gpuResourcesEnabledOverride",
                  "resources.computeDomains.enabled",
                  "kubeletPlugin.tolerations"),
              "kubeletPlugin.tolerations"),
          "nvidia-device-plugin",
          Map.of(Set.of("tolerations"), "tolerations"));

  /** The taint AKS puts on spot pools, which every GPU DaemonSet tolerates too. */
  public static final Taint SPOT_TAINT =
      Taint.parse("kubernetes.azure.com/scalesetpriority=spot:NoSchedule");

  /**
   * A GPU stack release's DaemonSet tolerates {@code taints} and the spot taint: the values set
   * exactly the keys listed for its chart, and the tolerations value tolerates each taint.
   */
  public static void assertGpuStackTolerates(
      String chart, Map<String, Object> chartValues, List<Taint> taints) {
    Map<Set<String>, String> expected = GPU_STACK_VALUES.get(chart);
    assertTrue(expected != null, "an unexpected GPU stack chart: " + chart);
    Map<String, Object> leaves = new TreeMap<>();
    flatten("", chartValues, leaves);
    Set<String> keys = expected.keySet().iterator().next();
    assertEquals(new TreeSet<>(keys), leaves.keySet(), chart);
    List<Taint> all = new ArrayList<>(taints);
    all.add(SPOT_TAINT);
    assertTolerated(chart, tolerations(leaves.get(expected.get(keys))), all);
  }

  /** The NicClusterPolicy's spec keys: placement plus the two components above. */
  public static final Set<String> POLICY_SPEC =
      Set.of("nodeAffinity", "tolerations", "ofedDriver", "rdmaSharedDevicePlugin");

  private InClusterDaemonSets() {}

  /** A node taint as AKS takes it: {@code key=value:Effect}. */
  public record Taint(String key, String value, String effect) {
    public static Taint parse(String text) {
      int colon = text.lastIndexOf(':');
      int equals = text.indexOf('=');
      assertTrue(colon > 0, "not a taint: " + text);
      String key =
          equals > 0 && equals < colon ? text.substring(0, equals) : text.substring(0, colon);
      String value = equals > 0 && equals < colon ? text.substring(equals + 1, colon) : "";
      return new Taint(key, value, text.substring(colon + 1));
    }
  }

  /** A pod toleration; null fields are absent. */
  public record Toleration(String key, String operator, String value, String effect) {
    /**
     * Kubernetes' rule (core/v1 {@code Toleration.ToleratesTaint}): effect, key, then operator and
     * value.
     */
    public boolean tolerates(Taint taint) {
      if (effect != null && !effect.isEmpty() && !effect.equals(taint.effect())) {
        return false;
      }
      boolean exists = "Exists".equals(operator);
      if (key == null || key.isEmpty()) {
        return exists;
      }
      if (!key.equals(taint.key())) {
        return false;
      }
      return exists
          || ((operator == null || operator.isEmpty() || "Equal".equals(operator))
              && taint.value().equals(value == null ? "" : value));
    }
  }

  /**
   * The network operator's DaemonSets tolerate {@code taints}: the chart values set nothing but
   * {@link #CHART_VALUES}, the policy's spec holds nothing but {@link #POLICY_SPEC}, and both
   * tolerations lists tolerate every taint.
   */
  public static void assertNetworkOperatorTolerates(
      Map<String, Object> chartValues, Map<String, Object> policy, List<Taint> taints) {
    Map<String, Object> leaves = new TreeMap<>();
    flatten("", chartValues, leaves);
    if (leaves.keySet().equals(CHART_VALUES_EXTERNAL_NFD)) {
      assertEquals(false, leaves.get("nfd.enabled"), "the operator's own NFD is off");
    } else {
      assertEquals(new TreeSet<>(CHART_VALUES), leaves.keySet());
      assertTolerated(
          "node-feature-discovery worker",
          tolerations(leaves.get("node-feature-discovery.worker.tolerations")),
          taints);
    }
    Map<?, ?> spec = (Map<?, ?>) policy.get("spec");
    assertEquals(new TreeSet<>(POLICY_SPEC), new TreeSet<>(spec.keySet()));
    List<Toleration> policyTolerations = tolerations(spec.get("tolerations"));
    assertTolerated("DOCA driver (ofedDriver)", policyTolerations, taints);
    assertTolerated("RDMA shared device plugin", policyTolerations, taints);
  }

  private static void flatten(String prefix, Map<?, ?> object, Map<String, Object> leaves) {
    object.forEach(
        (key, value) -> {
          String path = prefix.isEmpty() ? (String) key : prefix + "." + key;
          if (value instanceof Map<?, ?> nested) {
            flatten(path, nested, leaves);
          } else {
            leaves.put(path, value);
          }
        });
  }

  private static List<Toleration> tolerations(Object list) {
    List<Toleration> tolerations = new ArrayList<>();
    for (Object item : (List<?>) list) {
      Map<?, ?> toleration = (Map<?, ?>) item;
      tolerations.add(
          new Toleration(
              (String) toleration.get("key"),
              (String) toleration.get("operator"),
              (String) toleration.get("value"),
              (String) toleration.get("effect")));
    }
    return tolerations;
  }

  public static void assertTolerated(
      String daemonSet, List<Toleration> tolerations, List<Taint> taints) {
    assertTrue(!taints.isEmpty(), "no GPU pool taint found in the output");
    for (Taint taint : taints) {
      assertTrue(
          tolerations.stream().anyMatch(toleration -> toleration.tolerates(taint)),
          daemonSet + " does not tolerate " + taint + "; its tolerations: " + tolerations);
    }
  }
}
