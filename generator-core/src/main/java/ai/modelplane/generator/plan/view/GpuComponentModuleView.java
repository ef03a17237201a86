package ai.modelplane.generator.plan.view;

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

  /** A namespace and the release in it. */
  public record Component(
      NetworkOperatorModuleView.Namespace namespace, NetworkOperatorModuleView.Release release) {}
}
