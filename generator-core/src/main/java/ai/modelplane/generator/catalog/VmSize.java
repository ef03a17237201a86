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

  /**
   * Whether AKS supports Multi-Instance GPU on the size: "NVIDIA A100, H100, and H200 series GPU VM
   * sizes" (MicrosoftDocs/azure-aks-docs {@code articles/aks/gpu-multi-instance.md:27} at {@code
   * fb060abe6a8f}). The page names no sizes, so the rule is the GPU model; GB200 and GB300 are
   * outside it.
   */
  public boolean migCapable() {
    return gpuVendor.equals("nvidia") && MIG_MODELS.contains(gpuModel);
  }

  private static final java.util.Set<String> MIG_MODELS = java.util.Set.of("a100", "h100", "h200");
}
