package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.text.BundledJsonCopy;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** The JSON copy of the CRD that processes read is the YAML CRD, value for value. */
class BundledCrdJsonTest {
  @Test
  void theJsonCopyIsTheYamlCrd() throws IOException {
    ClassLoader loader = CrdSchema.class.getClassLoader();
    JsonNode fromJson = BundledJsonCopy.read(CrdSchema.JSON_RESOURCE, "crd-json");
    JsonNode fromYaml;
    try (InputStream yaml = loader.getResourceAsStream(CrdSchema.RESOURCE)) {
      fromYaml = CrdSchema.parse(yaml).crd();
    }
    assertEquals(fromYaml, fromJson);
    assertEquals(fromYaml, CrdSchema.bundled().crd());
  }
}
