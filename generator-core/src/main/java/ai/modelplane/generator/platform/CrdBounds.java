package ai.modelplane.generator.platform;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Bounds the CRD ({@code schema/akscluster-crd.yaml}) sets on fields that the generated Bicep
 * parameters restate as decorators, read from the bundled CRD when this class is first used, so
 * that a bound changed in the CRD reaches the decorators without a second edit.
 */
public final class CrdBounds {
  private static final JsonNode SPEC =
      CrdSchema.bundled().openApiSchema().at("/properties/spec/properties");
  private static final JsonNode POOL = SPEC.at("/nodePools/items/properties");
  private static final JsonNode STATUS =
      CrdSchema.bundled().openApiSchema().at("/properties/status/properties");

  /** {@code spec.location} minLength and maxLength. */
  public static final int LOCATION_MIN = bound(SPEC, "/location/minLength");

  public static final int LOCATION_MAX = bound(SPEC, "/location/maxLength");

  /** {@code spec.kubernetesVersion} minLength and maxLength. */
  public static final int KUBERNETES_VERSION_MIN = bound(SPEC, "/kubernetesVersion/minLength");

  public static final int KUBERNETES_VERSION_MAX = bound(SPEC, "/kubernetesVersion/maxLength");

  /**
   * {@code spec.networking.vnetCidr} and {@code subnetCidr}: the shortest text their rules admit
   * (IPv4 CIDRs only, so {@code 0.0.0.0/0}; an OpenAPI bound cannot say it, {@code CrdBoundsTest}
   * checks the rules), and their maxLength, one parameter type for both.
   */
  public static final int CIDR_MIN = "0.0.0.0/0".length();

  public static final int CIDR_MAX =
      agreed(SPEC.at("/networking/properties"), "maxLength", "vnetCidr", "subnetCidr");

  /** {@code spec.nodePools[].vmSize} maxLength. */
  public static final int VM_SIZE_MAX = bound(POOL, "/vmSize/maxLength");

  /** {@code spec.nodePools[].diskSizeGb} minimum. */
  public static final int OS_DISK_MIN_GB = bound(POOL, "/diskSizeGb/minimum");

  /** {@code spec.nodePools[].nodeCount}, {@code minNodeCount} and {@code maxNodeCount} maximum. */
  public static final int NODE_COUNT_MAX =
      agreed(POOL, "maximum", "nodeCount", "minNodeCount", "maxNodeCount");

  /**
   * The fewest nodes a valid pool has: the CRD's rules keep {@code minNodeCount} (1 when omitted)
   * at 1 or more for System and GPU pools, the only roles, and {@code nodeCount} and {@code
   * maxNodeCount} at or above it. Not an OpenAPI bound (that one is 0, as upstream's); {@code
   * CrdBoundsTest} checks the rules.
   */
  public static final int NODE_COUNT_MIN = 1;

  /** {@code spec.nodePools[].zones} maxItems. */
  public static final int ZONES_MAX = bound(POOL, "/zones/maxItems");

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

  /**
   * The {@code keyword} bound of each of {@code fields}, which one Bicep decorator value restates
   * for all of them, so they must agree.
   */
  static int agreed(JsonNode properties, String keyword, String... fields) {
    int first = bound(properties, "/" + fields[0] + "/" + keyword);
    for (String field : fields) {
      int other = bound(properties, "/" + field + "/" + keyword);
      if (other != first) {
        throw new IllegalStateException(
            "the CRD's " + keyword + " of " + String.join(", ", fields) + " differ");
      }
    }
    return first;
  }
}
