package ai.modelplane.generator.model;

import java.util.Optional;

/**
 * {@code spec.nodePools[i].gpu}.
 *
 * @param migProfile the GPU instance profile ({@code MIG1g} … {@code MIG7g}) that partitions each
 *     GPU; empty for whole GPUs (a Modelplane extension)
 */
public record GpuConfig(String acceleratorType, Optional<String> migProfile) {
  public GpuConfig(String acceleratorType) {
    this(acceleratorType, Optional.empty());
  }
}
