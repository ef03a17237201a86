package ai.modelplane.generator.catalog;

/**
 * What the validator knows about an Azure VM size.
 *
 * @param gpuVendor {@code nvidia}, {@code amd} or {@code none}
 * @param gpuModel lower-case model such as {@code h100}, or {@code none}
 */
public record VmSize(
    String name,
    String gpuVendor,
    String gpuModel,
    int gpuCount,
    boolean infiniband,
    String arch,
    int vcpu) {
  public boolean hasGpu() {
    return gpuCount > 0;
  }
}
