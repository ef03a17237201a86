package ai.modelplane.generator.model;

/**
 * {@code spec.gpuStack}: what the generated code installs in the cluster so that pods can use the
 * GPUs of its GPU pools.
 */
public enum GpuStack implements YamlNames.Named {
  /** Node feature discovery and the NVIDIA DRA driver: GPUs bind through ResourceClaims. */
  DRA("DRA"),
  /** Node feature discovery and the NVIDIA device plugin: pods request {@code nvidia.com/gpu}. */
  DEVICE_PLUGIN("DevicePlugin"),
  /** Nothing: the user brings their own stack (for example the GPU Operator). */
  NONE("None");

  private final String yamlName;

  GpuStack(String yamlName) {
    this.yamlName = yamlName;
  }

  @Override
  public String yamlName() {
    return yamlName;
  }

  public static GpuStack fromYaml(String value) {
    return YamlNames.of(GpuStack.class, value, "gpuStack");
  }
}
