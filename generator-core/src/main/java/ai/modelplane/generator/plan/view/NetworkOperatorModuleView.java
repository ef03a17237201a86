package ai.modelplane.generator.plan.view;

/**
 * What a file of the nvidia-network-operator module reads: the shared facts and the version of its
 * local NicClusterPolicy chart.
 *
 * @param platform the shared facts
 * @param policyChartVersion {@code 1.0.0+<digest>}, derived from the chart's rendered policy so
 *     that a changed policy is a new chart version, which the helm provider plans as an upgrade (it
 *     does not compare a local chart's templates)
 */
public record NetworkOperatorModuleView(PlatformView platform, String policyChartVersion) {}
