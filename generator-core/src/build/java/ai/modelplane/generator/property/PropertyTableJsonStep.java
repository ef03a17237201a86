package ai.modelplane.generator.property;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step: writes the property table as JSON ({@link PropertyTable#JSON_RESOURCE}), which a cold
 * process reads without {@code ObjectMapper} and a YAML parser. It reads the table as the generator
 * does first, so a malformed table fails the build here. Compiled from {@code src/build/java}, so
 * it is not in the jar.
 */
public final class PropertyTableJsonStep {
  private PropertyTableJsonStep() {}

  /** Arguments: the table (YAML), the JSON copy to write. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException(
          "usage: PropertyTableJsonStep properties.yaml OUTPUT.json");
    }
    JsonNode table = new ObjectMapper(new YAMLFactory()).readTree(Path.of(args[0]).toFile());
    PropertyTable.of(table);
    Path output = Path.of(args[1]);
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.write(output, new ObjectMapper().writeValueAsBytes(table));
  }
}
