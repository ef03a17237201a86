package ai.modelplane.generator.catalog;

/**
 * ARM's limits on agent pools that the CRD does not carry: validation enforces them and the Bicep
 * output declares them, so both read them from here.
 */
public final class AgentPoolLimits {
  /** ARM's {@code osDiskSizeGB} maximum for agent pools (the CRD allows 65536). */
  public static final int MAX_OS_DISK_GB = 2048;

  private AgentPoolLimits() {}
}
