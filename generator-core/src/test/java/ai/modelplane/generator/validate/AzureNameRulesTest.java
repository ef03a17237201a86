package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.naming.AzureNames;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Azure's length and character rules for derived names; Naming's own output always passes them. */
class AzureNameRulesTest {
  private static List<RecordedFindings.Recorded> check(AzureNames names) {
    RecordedFindings found = new RecordedFindings();
    AzureNameRules.check(names, found);
    return found.list();
  }

  @Test
  void validNamesPass() {
    AzureNames names =
        new AzureNames(
            "rg-default_demo",
            "rg-default_demo-nodes",
            "vnet-demo",
            "snet-nodes",
            "demo",
            "demo",
            Map.of());
    assertEquals(List.of(), check(names));
  }

  @Test
  void everyBrokenRuleIsNamed() {
    AzureNames names =
        new AzureNames("rg.", "n".repeat(81), "v", "snet-", "-demo", "1demo", Map.of());
    assertEquals(
        List.of(
            "derived resource group name rg. has characters Azure does not allow (must match [-\\w._()]*[-\\w_()])",
            "derived node resource group name "
                + "n".repeat(81)
                + " must be 1 to 80 characters long",
            "derived virtual network name v must be 2 to 64 characters long",
            "derived subnet name snet- has characters Azure does not allow (must match [A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9_])?)",
            "derived cluster name -demo has characters Azure does not allow (must match [A-Za-z0-9]([A-Za-z0-9_-]*[A-Za-z0-9])?)",
            "derived DNS prefix name 1demo has characters Azure does not allow (must match [A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?)"),
        check(names).stream().map(RecordedFindings.Recorded::message).toList());
    assertEquals(
        List.of("/metadata/name"),
        check(names).stream().map(RecordedFindings.Recorded::pointer).distinct().toList());
  }
}
