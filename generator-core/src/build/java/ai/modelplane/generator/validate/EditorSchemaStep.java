package ai.modelplane.generator.validate;

import ai.modelplane.generator.load.CrdSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step: writes the editor JSON Schema ({@link EditorSchema#render}) into the jar's {@code
 * schema/} and, under {@code -Pregenerate-schema}, over the committed copy. Compiled from {@code
 * src/build/java}, so it is not in the jar.
 */
public final class EditorSchemaStep {
  private EditorSchemaStep() {}

  /** Arguments: the CRD file, then one or more output files. */
  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: EditorSchemaStep CRD.yaml OUTPUT.json...");
    }
    CrdSchema crd;
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      crd = CrdSchema.parse(in);
    }
    String schema = EditorSchema.render(crd);
    for (int i = 1; i < args.length; i++) {
      Path output = Path.of(args[i]);
      Files.createDirectories(output.toAbsolutePath().getParent());
      Files.writeString(output, schema, StandardCharsets.UTF_8);
    }
  }
}
