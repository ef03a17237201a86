package ai.modelplane.generator.plan.view;

import java.util.List;

/**
 * What a file of a GPU stack module (node-feature-discovery, nvidia-dra-driver,
 * nvidia-device-plugin) reads: the shared facts and the component as the in-cluster model holds it
 * for every cluster that calls the module.
 *
 * @param platform the shared facts
 * @param component the component
 * @param deviceClass the DeviceClass the DRA driver creates, which ResourceClaims name
 * @param gpuNodeLabel the NFD label the GPU DaemonSets select GPU nodes by
 * @param devicePluginResource the extended resource the device plugin advertises
 */
public record GpuComponentModuleView(
    PlatformView platform,
    Component component,
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
