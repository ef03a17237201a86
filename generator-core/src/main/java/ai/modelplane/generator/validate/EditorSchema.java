package ai.modelplane.generator.validate;

import ai.modelplane.generator.load.CrdSchema;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * {@code akscluster.schema.json}, the JSON Schema editors use (yaml-language-server), made from the
 * CRD. A build step ({@code src/build/java}) writes it into {@code target/classes/schema/}; the
 * committed copy in {@code schema/} is checked by a test.
 */
public final class EditorSchema {
  /** The command that rewrites the committed copy; stale-copy messages quote it. */
  public static final String REGENERATE =
      "./mvnw -q -pl generator-core -am -Pregenerate-schema process-classes";

  private EditorSchema() {}

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
