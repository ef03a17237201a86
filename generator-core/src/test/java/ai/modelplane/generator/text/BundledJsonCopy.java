package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;

/** Reads the JSON copy of a bundled YAML resource that a build step writes into the classes. */
public final class BundledJsonCopy {
  private BundledJsonCopy() {}

  /**
   * The copy at {@code resource}; fails the test, naming {@code step}, when the step did not run.
   */
  public static JsonNode read(String resource, String step) throws IOException {
    try (InputStream json = BundledJsonCopy.class.getClassLoader().getResourceAsStream(resource)) {
      assertNotNull(json, resource + " is missing: the build's " + step + " step did not run");
      return new ObjectMapper().readTree(json);
    }
  }
}
