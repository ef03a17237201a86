package ai.modelplane.generator.diff;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A minimal table of GPUs per VM size, from the Azure size pages as compiled in
 * shared/reference/aks-gpu.md §2. Only whole-GPU NVIDIA sizes; unknown sizes give no capacity line.
 */
public final class KnownGpuSizes implements GpuCapacity {
  private static final Map<String, GpuCount> SIZES =
      Map.ofEntries(
          Map.entry("standard_nd96isr_h100_v5", new GpuCount(8, "H100")),
          Map.entry("standard_nd96isr_h200_v5", new GpuCount(8, "H200")),
          Map.entry("standard_nd96asr_v4", new GpuCount(8, "A100")),
          Map.entry("standard_nd96amsr_a100_v4", new GpuCount(8, "A100")),
          Map.entry("standard_nc24ads_a100_v4", new GpuCount(1, "A100")),
          Map.entry("standard_nc48ads_a100_v4", new GpuCount(2, "A100")),
          Map.entry("standard_nc96ads_a100_v4", new GpuCount(4, "A100")),
          Map.entry("standard_nc40ads_h100_v5", new GpuCount(1, "H100 NVL")),
          Map.entry("standard_nc80adis_h100_v5", new GpuCount(2, "H100 NVL")),
          Map.entry("standard_nc4as_t4_v3", new GpuCount(1, "T4")),
          Map.entry("standard_nc8as_t4_v3", new GpuCount(1, "T4")),
          Map.entry("standard_nc16as_t4_v3", new GpuCount(1, "T4")),
          Map.entry("standard_nc64as_t4_v3", new GpuCount(4, "T4")),
          Map.entry("standard_nd128isr_ndr_gb200_v6", new GpuCount(4, "B200")),
          Map.entry("standard_nd128isr_gb300_v6", new GpuCount(4, "B300")));

  @Override
  public Optional<GpuCount> perNode(String vmSize) {
    return Optional.ofNullable(SIZES.get(vmSize.toLowerCase(Locale.ROOT)));
  }
}
