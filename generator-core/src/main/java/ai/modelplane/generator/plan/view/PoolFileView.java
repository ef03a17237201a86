package ai.modelplane.generator.plan.view;

/** What a root's file for one further pool reads: the root's view and the pool. */
public record PoolFileView(
    ClusterView cluster, PoolView pool, String modules, PlatformView platform) {}
