package ai.modelplane.generator.platform;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Bounds of the CRD ({@code schema/akscluster-crd.yaml}) that the generated Bicep parameters
 * restate and that are not a spec field's OpenAPI bound ({@code plan.FieldBounds} has those): the
 * least values its rules imply, and a status field's bound, read from the bundled CRD.
 */
public final class CrdBounds {
  private static final JsonNode STATUS =
      CrdSchema.bundled().openApiSchema().at("/properties/status/properties");

  /**
   * {@code spec.networking.vnetCidr} and {@code subnetCidr}: the shortest text their rules admit
   * (IPv4 CIDRs only, so {@code 0.0.0.0/0}; an OpenAPI bound cannot say it, {@code CrdBoundsTest}
   * checks the rules).
   */
  public static final int CIDR_MIN = "0.0.0.0/0".length();

  /**
   * The fewest nodes a valid pool has: the CRD's rules keep {@code minNodeCount} (1 when omitted)
   * at 1 or more for System and GPU pools, the only roles, and {@code nodeCount} and {@code
   * maxNodeCount} at or above it. Not an OpenAPI bound (that one is 0, as upstream's); {@code
   * CrdBoundsTest} checks the rules.
   */
  public static final int NODE_COUNT_MIN = 1;

  /** {@code status.cache.storageClassName} maxLength. */
  public static final int STORAGE_CLASS_NAME_MAX =
      bound(STATUS, "/cache/properties/storageClassName/maxLength");

  private CrdBounds() {}

  /** The integer at {@code pointer} under {@code schema}; a CRD without it is a build defect. */
  static int bound(JsonNode schema, String pointer) {
    JsonNode value = schema.at(pointer);
    if (!value.isInt()) {
      throw new IllegalStateException("the CRD has no integer bound at " + pointer);
    }
    return value.intValue();
  }
}
