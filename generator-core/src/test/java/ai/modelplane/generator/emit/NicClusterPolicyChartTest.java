package ai.modelplane.generator.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The local chart's version follows its policy, so a changed policy is a helm upgrade. */
class NicClusterPolicyChartTest {
  @Test
  void aChangedPolicyGivesANewVersionAndTheSamePolicyTheSameOne() {
    String policy = "kind: NicClusterPolicy\nspec:\n  ofedDriver:\n    version: a\n";
    String changed = policy.replace("version: a", "version: b");

    assertEquals(NicClusterPolicyChart.version(policy), NicClusterPolicyChart.version(policy));
    assertNotEquals(NicClusterPolicyChart.version(policy), NicClusterPolicyChart.version(changed));
  }

  @Test
  void theVersionIsSemVerWithTheDigestAsBuildMetadata() {
    // SHA-256 of the empty string begins e3b0c44298fc.
    assertEquals("1.0.0+e3b0c44298fc", NicClusterPolicyChart.version(""));
    assertTrue(
        NicClusterPolicyChart.version().matches("1\\.0\\.0\\+[0-9a-f]{12}"),
        NicClusterPolicyChart.version());
  }
}
