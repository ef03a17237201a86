package ai.modelplane.generator.model;

/** {@code spec.nodePools[i].gpu}. */
public record GpuConfig(String acceleratorType) {}
