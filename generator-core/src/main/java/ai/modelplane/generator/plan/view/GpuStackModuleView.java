package ai.modelplane.generator.plan.view;

import java.util.List;

/**
 * What a file of the gpu-stack module reads: the shared facts and the stack's components as the
 * in-cluster model holds them for every cluster with a GPU pool.
 *
 * @param platform the shared facts
 * @param nodeFeatureDiscovery node feature discovery, installed in both modes
 * @param draDriver the NVIDIA DRA driver, installed in mode DRA
 * @param devicePlugin the NVIDIA device plugin, installed in mode DevicePlugin
 * @param deviceClass the DeviceClass the DRA driver creates, which ResourceClaims name
 * @param gpuNodeLabel the NFD label both GPU DaemonSets select GPU nodes by
 * @param devicePluginResource the extended resource the device plugin advertises
 */
public record GpuStackModuleView(
    PlatformView platform,
    Component nodeFeatureDiscovery,
    Component draDriver,
    Component devicePlugin,
    String deviceClass,
    String gpuNodeLabel,
    String devicePluginResource) {

  /**
   * A namespace, the quota that admits its critical-priority pods (null for none), and a release.
   */
  public record Component(
      NetworkOperatorModuleView.Namespace namespace,
      Quota quota,
      NetworkOperatorModuleView.Release release) {}

  /**
   * A ResourceQuota on pods of some priority classes.
   *
   * @param pods the pods it admits
   */
  public record Quota(String name, int pods, List<String> priorityClasses) {
    public Quota {
      priorityClasses = List.copyOf(priorityClasses);
    }
  }
}
