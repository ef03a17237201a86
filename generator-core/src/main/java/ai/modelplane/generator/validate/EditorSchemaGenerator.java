package ai.modelplane.generator.validate;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code akscluster.schema.json}, the JSON Schema editors use (yaml-language-server), from
 * the CRD. The build runs it into {@code target/classes/schema/}; the committed copy in {@code
 * schema/} is checked by a test.
 */
public final class EditorSchemaGenerator {
  /** The command that rewrites the committed copy; stale-copy messages quote it. */
  public static final String REGENERATE =
      "./mvnw -q -pl generator-core -Pregenerate-schema process-classes";

  private EditorSchemaGenerator() {}

  /** Arguments: the CRD file, then one or more output files. */
  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: EditorSchemaGenerator CRD.yaml OUTPUT.json...");
    }
    CrdSchema crd;
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      crd = CrdSchema.parse(in);
    }
    String schema = render(crd);
    for (int i = 1; i < args.length; i++) {
      Path output = Path.of(args[i]);
      Files.createDirectories(output.toAbsolutePath().getParent());
      Files.writeString(output, schema, StandardCharsets.UTF_8);
    }
  }

  /** The editor schema as text: two-space indentation, LF line ends, a final newline. */
  public static String render(CrdSchema crd) throws IOException {
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    return new ObjectMapper()
            .writer(printer)
            .writeValueAsString(
                JsonSchemas.forEditors(crd.openApiSchema(), CrdSchema.API_VERSION, CrdSchema.KIND))
        + "\n";
  }
}
