package ai.modelplane.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.plan.view.BoundView;
import ai.modelplane.generator.property.PropertyTable;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The bounds the Bicep parameters restate are the CRD's, lowered to Azure's where the table says.
 */
class FieldBoundsTest {
  /**
   * The field bounds follow a CRD whose bounds were changed, and the table's Azure maximum lowers a
   * field's maximum, only ever below the CRD's.
   */
  @Test
  void fieldBoundsFollowTheCrdAndTheTable() throws IOException {
    Map<String, BoundView> bundled = FieldBounds.of(CrdSchema.bundled(), PropertyTable.bundled());
    assertEquals(
        new BoundView(10, 2048, null, null, null),
        bundled.get("spec.nodePools[].diskSizeGb"),
        "the CRD's minimum, and Azure's 2048 below the CRD's 65536");
    assertEquals(new BoundView(null, null, 1, 32, null), bundled.get("spec.location"));
    assertEquals(new BoundView(null, null, null, null, 3), bundled.get("spec.nodePools[].zones"));
    assertEquals(
        new BoundView(4, 24, null, null, null),
        bundled.get("spec.maintenance.nodeOsWindow.durationHours"),
        "a field inside an object the table holds whole");
    assertEquals(
        new BoundView(null, null, null, 253, null), bundled.get("status.cache.storageClassName"));

    CrdSchema changed = crdWith("maxLength: 32", "maxLength: 40");
    assertEquals(
        40, FieldBounds.of(changed, PropertyTable.bundled()).get("spec.location").maxLength());

    CrdSchema smallDisks = crdWith("maximum: 65536", "maximum: 1024");
    IllegalStateException notBelow =
        assertThrows(
            IllegalStateException.class, () -> FieldBounds.of(smallDisks, PropertyTable.bundled()));
    assertEquals(
        PropertyTable.RESOURCE
            + ": spec.nodePools[].diskSizeGb: azure-maximum 2048 is not below the CRD's maximum"
            + " 1024",
        notBelow.getMessage());
  }

  /** The bundled CRD with {@code from} replaced by {@code to} once. */
  private static CrdSchema crdWith(String from, String to) throws IOException {
    String yaml;
    ClassLoader loader = CrdSchema.class.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(CrdSchema.RESOURCE)) {
      yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertTrue(yaml.contains(from), from);
    String changed = yaml.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to));
    return CrdSchema.parse(new ByteArrayInputStream(changed.getBytes(StandardCharsets.UTF_8)));
  }
}
