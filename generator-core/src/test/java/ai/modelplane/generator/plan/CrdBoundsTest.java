package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The bounds the Bicep parameters restate are the CRD's. */
class CrdBoundsTest {
  private final JsonNode spec = CrdSchema.bundled().openApiSchema().at("/properties/spec/properties");
  private final JsonNode pool = spec.at("/nodePools/items/properties");

  @Test
  void boundsAreTheCrds() {
    assertEquals(bound(spec, "/location/maxLength"), CrdBounds.LOCATION_MAX);
    assertEquals(bound(spec, "/kubernetesVersion/maxLength"), CrdBounds.KUBERNETES_VERSION_MAX);
    assertEquals(bound(spec, "/networking/properties/vnetCidr/maxLength"), CrdBounds.CIDR_MAX);
    assertEquals(bound(spec, "/networking/properties/subnetCidr/maxLength"), CrdBounds.CIDR_MAX);
    assertEquals(bound(pool, "/vmSize/maxLength"), CrdBounds.VM_SIZE_MAX);
    assertEquals(bound(pool, "/diskSizeGb/minimum"), CrdBounds.OS_DISK_MIN_GB);
    assertEquals(bound(pool, "/nodeCount/maximum"), CrdBounds.NODE_COUNT_MAX);
    assertEquals(bound(pool, "/minNodeCount/maximum"), CrdBounds.NODE_COUNT_MAX);
    assertEquals(bound(pool, "/maxNodeCount/maximum"), CrdBounds.NODE_COUNT_MAX);
    assertEquals(bound(pool, "/zones/maxItems"), CrdBounds.ZONES_MAX);
    JsonNode status = CrdSchema.bundled().openApiSchema().at("/properties/status/properties");
    assertEquals(bound(status, "/cache/properties/storageClassName/maxLength"), CrdBounds.STORAGE_CLASS_NAME_MAX);
  }

  private static int bound(JsonNode node, String pointer) {
    JsonNode value = node.at(pointer);
    if (!value.isInt()) {
      throw new AssertionError("the CRD has no integer at " + pointer);
    }
    return value.intValue();
  }
}
