package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The bounds the Bicep parameters restate are the CRD's. */
class CrdBoundsTest {
  private final JsonNode spec = CrdSchema.bundled().openApiSchema().at("/properties/spec/properties");
  private final JsonNode pool = spec.at("/nodePools/items/properties");

  @Test
  void boundsAreTheCrds() {
    assertEquals(bound(spec, "/location/minLength"), CrdBounds.LOCATION_MIN);
    assertEquals(bound(spec, "/location/maxLength"), CrdBounds.LOCATION_MAX);
    assertEquals(bound(spec, "/kubernetesVersion/minLength"), CrdBounds.KUBERNETES_VERSION_MIN);
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

  /** CIDR_MIN rests on the CRD's rules: only IPv4 CIDR text passes, and none is shorter than 0.0.0.0/0. */
  @Test
  void onlyIpv4CidrsPassSoTheShortestIsTheMinimum() {
    String rules = spec.at("/networking/x-kubernetes-validations").toString();
    for (String field : new String[] {"vnetCidr", "subnetCidr"}) {
      assertTrue(rules.contains("isCIDR(self." + field + ") && cidr(self." + field + ").ip().family() == 4"), field + ": " + rules);
    }
    assertEquals("0.0.0.0/0".length(), CrdBounds.CIDR_MIN);
  }

  /** NODE_COUNT_MIN rests on the CRD's rules for both roles, not on an OpenAPI bound (that one is 0). */
  @Test
  void everyRoleKeepsAtLeastTheMinimumNodeCount() {
    String rules = spec.at("/nodePools/items/x-kubernetes-validations").toString();
    assertEquals(1, CrdBounds.NODE_COUNT_MIN);
    assertTrue(rules.contains("must be at least 1 for GPU pools"), rules);
    assertTrue(rules.contains("must be at least 1 for System pools"), rules);
    Set<String> roles = new TreeSet<>();
    pool.at("/role/enum").forEach(role -> roles.add(role.asText()));
    assertEquals(Set.of("GPU", "System"), roles);
  }

  private static int bound(JsonNode node, String pointer) {
    JsonNode value = node.at(pointer);
    if (!value.isInt()) {
      throw new AssertionError("the CRD has no integer at " + pointer);
    }
    return value.intValue();
  }
}
