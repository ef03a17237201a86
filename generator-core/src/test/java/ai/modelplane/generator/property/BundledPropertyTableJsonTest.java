package ai.modelplane.generator.property;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.text.BundledJsonCopy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** The JSON copy of the property table that processes read is the YAML table, value for value. */
class BundledPropertyTableJsonTest {
  @Test
  void theJsonCopyIsTheYamlTable() throws IOException {
    ClassLoader loader = PropertyTable.class.getClassLoader();
    JsonNode fromJson = BundledJsonCopy.read(PropertyTable.JSON_RESOURCE, "property-table-json");
    JsonNode fromYaml;
    try (InputStream yaml = loader.getResourceAsStream(PropertyTable.RESOURCE)) {
      fromYaml = new ObjectMapper(new YAMLFactory()).readTree(yaml);
    }
    assertEquals(fromYaml, fromJson);
    try (InputStream yaml = loader.getResourceAsStream(PropertyTable.RESOURCE)) {
      assertEquals(PropertyTable.parse(yaml).all(), PropertyTable.bundled().all());
    }
  }
}
