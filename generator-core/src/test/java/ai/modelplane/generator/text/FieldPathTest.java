package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The property table's path syntax: names, list items and map keys. */
class FieldPathTest {
  @Test
  void stepsNameListItemsAndMapKeys() {
    assertEquals(
        List.of(
            new FieldPath.Step("spec", null),
            new FieldPath.Step("nodePools", ""),
            new FieldPath.Step("zones", null)),
        FieldPath.steps("spec.nodePools[].zones"));
    List<FieldPath.Step> annotation =
        FieldPath.steps("metadata.annotations[infrastructure.modelplane.ai/resource-group]");
    assertEquals(
        List.of(
            new FieldPath.Step("metadata", null),
            new FieldPath.Step("annotations", "infrastructure.modelplane.ai/resource-group")),
        annotation);
    assertEquals(
        List.of(false, true), List.of(annotation.get(1).items(), annotation.get(1).mapKey()));
  }
}
