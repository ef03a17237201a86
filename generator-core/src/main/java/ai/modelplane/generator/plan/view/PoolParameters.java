package ai.modelplane.generator.plan.view;

/**
 * The Bicep parameter names a pool's settings go by: a pool module's own ({@code vmSize} …), or the
 * cluster module's for its default pool ({@code systemPoolVmSize} …), so that one macro lays out
 * every pool.
 */
public record PoolParameters(
    String name,
    String vmSize,
    String osDiskSizeGb,
    String nodeCount,
    String minCount,
    String maxCount,
    String zones,
    String labels,
    String taints) {}
