package ai.modelplane.drift;

import java.util.Locale;

/**
 * How urgent a finding is. Every finding is drift (exit code 2); the severity only orders the work.
 */
public enum DriftSeverity {
  /**
   * A resource is missing or a property that decides what the cluster is (VM size, CIDRs, version)
   * differs.
   */
  HIGH,
  /**
   * Capacity, placement or scheduling differs (autoscaler bounds, zones, disk, labels, taints,
   * extra pools).
   */
  MEDIUM,
  /**
   * Cosmetic or transient (extra labels, node count outside the bounds, names fixed at creation).
   */
  LOW;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
