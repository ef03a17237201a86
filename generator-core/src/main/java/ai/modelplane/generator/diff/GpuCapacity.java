package ai.modelplane.generator.diff;

import java.util.Optional;

/**
 * How many GPUs of which model one VM of a size has. The diff only needs this lookup; the
 * integrator can back it with the shared VM-size catalog instead of {@link KnownGpuSizes}.
 */
@FunctionalInterface
public interface GpuCapacity {
  Optional<GpuCount> perNode(String vmSize);

  /** {@code count} GPUs of {@code model} (e.g. 8 × {@code H100}) per VM. */
  record GpuCount(int count, String model) {}
}
