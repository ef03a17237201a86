package ai.modelplane.generator.property;

import java.util.Arrays;
import java.util.Optional;

/** How {@code import} writes a field back from the live resource; the {@code import} column. */
public enum ImportRule {
  VALUE("value", "the live value"),
  VALUE_UNLESS_DEFAULT(
      "value-unless-default",
      "the live value, written only where it differs from what the generator derives or defaults"),
  DERIVED("derived", "derived from live evidence"),
  NOT_IMPORTED("not-imported", "not taken from the live cluster");

  private final String id;
  private final String meaning;

  ImportRule(String id, String meaning) {
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

  public static Optional<ImportRule> byId(String id) {
    return Arrays.stream(values()).filter(r -> r.id.equals(id)).findFirst();
  }
}
