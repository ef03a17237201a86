package ai.modelplane.generator.property;

import java.util.Arrays;
import java.util.Optional;

/** How {@code drift} compares a field with the live resource; the {@code drift} column. */
public enum DriftRule {
  EXACT("exact", "compared exactly"),
  EXACT_WHEN_SET(
      "exact-when-set",
      "compared exactly when the YAML sets it; left out, Azure chooses and nothing is compared"),
  IGNORE_CASE("ignore-case", "compared ignoring case"),
  REGION("region", "compared ignoring case and spaces (West Europe matches westeurope)"),
  VERSION_PREFIX("version-prefix", "a major.minor matches any live patch of it"),
  SET("set", "compared as a set, in any order"),
  MAP_ENTRIES(
      "map-entries", "each generated entry compared; live entries the code does not set reported"),
  AUTOSCALER_BOUND(
      "autoscaler-bound",
      "owned by the autoscaler: only a live value outside min..max is reported"),
  IDENTITY("identity", "the live resource is found by it; a missing resource is the finding"),
  NAMED_CHECK(
      "named-check",
      "compared by a check of its own in the drift checker, which the entry's note names"),
  NOT_COMPARED("not-compared", "not compared");

  private final String id;
  private final String meaning;

  DriftRule(String id, String meaning) {
    this.id = id;
    this.meaning = meaning;
  }

  public String id() {
    return id;
  }

  /** What the rule means, in the words the field reference uses. */
  public String meaning() {
    return meaning;
  }

  public static Optional<DriftRule> byId(String id) {
    return Arrays.stream(values()).filter(r -> r.id.equals(id)).findFirst();
  }
}
