package ai.modelplane.generator.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step: writes the CRD as JSON ({@link CrdSchema#JSON_RESOURCE}), which a cold process reads
 * several times faster than the YAML. Compiled from {@code src/build/java}, so it is not in the
 * jar.
 */
public final class CrdJsonStep {
  private CrdJsonStep() {}

  /** Arguments: the CRD (YAML), the JSON copy to write. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: CrdJsonStep CRD.yaml OUTPUT.json");
    }
    CrdSchema crd;
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      crd = CrdSchema.parse(in);
    }
    Path output = Path.of(args[1]);
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.write(output, new ObjectMapper().writeValueAsBytes(crd.crd()));
  }
}
