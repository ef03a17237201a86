package ai.modelplane.generator.diff;

import ai.modelplane.generator.catalog.VmSize;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import java.util.Locale;
import java.util.Optional;

/** How many GPUs of which model one VM of a size has; the diff's capacity lines need only this. */
@FunctionalInterface
public interface GpuCapacity {
  Optional<GpuCount> perNode(String vmSize);

  /** {@code count} GPUs of {@code model} (e.g. 8 × {@code H100}) per VM. */
  record GpuCount(int count, String model) {}

  /** Backed by the validator's VM-size catalog, so both know the same sizes. */
  static GpuCapacity of(VmSizeCatalog catalog) {
    return vmSize ->
        catalog
            .find(vmSize)
            .filter(VmSize::hasGpu)
            .map(size -> new GpuCount(size.gpuCount(), size.gpuModel().toUpperCase(Locale.ROOT)));
  }
}
