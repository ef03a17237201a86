package ai.modelplane.generator.plan.view;

/**
 * What a cluster root's file reads.
 *
 * @param cluster the cluster
 * @param modules from the root to this target's shared modules
 * @param platform the shared facts
 */
public record RootView(ClusterView cluster, String modules, PlatformView platform) {}
