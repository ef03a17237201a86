package ai.modelplane.generator.plan.view;

/**
 * What a node-pool module's file reads: the shared facts and the kind of pool the module creates.
 * One template set lays out both pool modules.
 */
public record PoolModuleView(PlatformView platform, Kind module) {
  /**
   * @param gpu GPU pools (driver, taints) rather than further System pools
   * @param mode {@code User} or {@code System}, as AKS spells it
   */
  public record Kind(boolean gpu, String mode) {}
}
