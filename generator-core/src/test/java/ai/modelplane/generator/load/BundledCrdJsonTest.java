package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** The JSON copy of the CRD that processes read is the YAML CRD, value for value. */
class BundledCrdJsonTest {
  @Test
  void theJsonCopyIsTheYamlCrd() throws IOException {
    ClassLoader loader = CrdSchema.class.getClassLoader();
    JsonNode fromJson;
    try (InputStream json = loader.getResourceAsStream(CrdSchema.JSON_RESOURCE)) {
      assertNotNull(
          json, CrdSchema.JSON_RESOURCE + " is missing: the build's crd-json step did not run");
      fromJson = new ObjectMapper().readTree(json);
    }
    JsonNode fromYaml;
    try (InputStream yaml = loader.getResourceAsStream(CrdSchema.RESOURCE)) {
      fromYaml = CrdSchema.parse(yaml).crd();
    }
    assertEquals(fromYaml, fromJson);
    assertEquals(fromYaml, CrdSchema.bundled().crd());
  }
}
