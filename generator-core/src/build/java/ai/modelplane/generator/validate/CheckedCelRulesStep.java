package ai.modelplane.generator.validate;

import ai.modelplane.generator.load.CrdSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Build step: parses and type-checks the CRD's CEL rules once and stores them ({@link
 * CheckedCelRules#RESOURCE}). Compiled from {@code src/build/java}, so it is not in the jar; the
 * format it writes is {@link CheckedCelRules#serialize}, next to the reader.
 */
public final class CheckedCelRulesStep {
  private CheckedCelRulesStep() {}

  /** Arguments: the CRD file, the output file. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: CheckedCelRulesStep CRD.yaml OUTPUT.bin");
    }
    CrdSchema crd;
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      crd = CrdSchema.parse(in);
    }
    Path output = Path.of(args[1]);
    Files.createDirectories(output.toAbsolutePath().getParent());
    Files.write(output, CheckedCelRules.serialize(CelRuleCompiler.checkAll(crd.openApiSchema())));
  }
}
