package ai.modelplane.generator.diff;

/**
 * How the most GPUs a pool can reach changes, when the GPU count of its VM size is known.
 *
 * @param pool the pool's (new) name
 * @param maxGpusBefore GPUs at the old maximum node count, 0 when the pool is new
 * @param modelBefore GPU model before, empty when the pool is new
 * @param maxGpusAfter GPUs at the new maximum node count, 0 when the pool is gone
 * @param modelAfter GPU model after, empty when the pool is gone
 * @param text the line a reviewer reads, e.g. {@code gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs
 *     (was 64)}
 */
public record CapacityImpact(
    String pool,
    int maxGpusBefore,
    String modelBefore,
    int maxGpusAfter,
    String modelAfter,
    String text) {}
