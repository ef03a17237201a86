package ai.modelplane.generator.plan;

/**
 * Bounds the CRD ({@code schema/akscluster-crd.yaml}) sets on fields that the generated Bicep
 * parameters restate as decorators. The CRD is the source; {@code CrdBoundsTest} fails when these
 * disagree with it.
 */
final class CrdBounds {
  /** {@code spec.location} minLength and maxLength. */
  static final int LOCATION_MIN = 1;

  static final int LOCATION_MAX = 32;

  /** {@code spec.kubernetesVersion} minLength and maxLength. */
  static final int KUBERNETES_VERSION_MIN = 1;

  static final int KUBERNETES_VERSION_MAX = 16;

  /**
   * {@code spec.networking.vnetCidr} and {@code subnetCidr}: the shortest text their rules admit
   * (IPv4 CIDRs only, so {@code 0.0.0.0/0}), and their maxLength.
   */
  static final int CIDR_MIN = 9;

  static final int CIDR_MAX = 18;

  /** {@code spec.nodePools[].vmSize} maxLength. */
  static final int VM_SIZE_MAX = 63;

  /** {@code spec.nodePools[].diskSizeGb} minimum. */
  static final int OS_DISK_MIN_GB = 10;

  /** {@code spec.nodePools[].nodeCount}, {@code minNodeCount} and {@code maxNodeCount} maximum. */
  static final int NODE_COUNT_MAX = 1000;

  /**
   * The fewest nodes a valid pool has: the CRD's rules keep {@code minNodeCount} (1 when omitted)
   * at 1 or more for System and GPU pools, the only roles, and {@code nodeCount} and {@code
   * maxNodeCount} at or above it.
   */
  static final int NODE_COUNT_MIN = 1;

  /** {@code spec.nodePools[].zones} maxItems. */
  static final int ZONES_MAX = 3;

  /** {@code status.cache.storageClassName} maxLength. */
  static final int STORAGE_CLASS_NAME_MAX = 253;

  private CrdBounds() {}
}
