package ai.modelplane.generator.platform;

/**
 * The least values the CRD's rules ({@code schema/akscluster-crd.yaml}) imply that the generated
 * Bicep parameters restate: no OpenAPI bound states them ({@code plan.FieldBounds} reads those from
 * the CRD), so {@code CrdBoundsTest} checks the rules they rest on.
 */
public final class CrdBounds {
  /**
   * {@code spec.networking.vnetCidr} and {@code subnetCidr}: the shortest text their rules admit
   * (IPv4 CIDRs only, so {@code 0.0.0.0/0}).
   */
  public static final int CIDR_MIN = "0.0.0.0/0".length();

  /**
   * The fewest nodes a valid pool has: the CRD's rules keep {@code minNodeCount} (1 when omitted)
   * at 1 or more for System and GPU pools, the only roles, and {@code nodeCount} and {@code
   * maxNodeCount} at or above it. Not an OpenAPI bound (that one is 0, as upstream's).
   */
  public static final int NODE_COUNT_MIN = 1;

  private CrdBounds() {}
}
