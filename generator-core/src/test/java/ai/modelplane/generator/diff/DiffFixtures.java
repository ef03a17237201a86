package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Loads the YAML revision pairs under src/test/resources/diff/CASE/{old,new}.yaml. */
final class DiffFixtures {
  static final Path ROOT = Path.of("src/test/resources/diff");

  private DiffFixtures() {}

  static Revision revision(String testCase, String side) {
    return load(
        ROOT.resolve(testCase).resolve(side + ".yaml"), "diff/" + testCase + "/" + side + ".yaml");
  }

  /**
   * Compares an example with an edited copy of it (both written under {@code dir}), as a platform
   * engineer's edit of a file in the repository would be compared.
   */
  static DiffReport compareEdit(
      String example, java.util.function.UnaryOperator<String> edit, Path dir) {
    return compareEdit(example, java.util.function.UnaryOperator.identity(), edit, dir);
  }

  /**
   * Like {@link #compareEdit(String, java.util.function.UnaryOperator, Path)}, with the old side
   * edited first.
   */
  static DiffReport compareEdit(
      String example,
      java.util.function.UnaryOperator<String> before,
      java.util.function.UnaryOperator<String> after,
      Path dir) {
    try {
      String original =
          before.apply(java.nio.file.Files.readString(Path.of("../examples").resolve(example)));
      String edited = after.apply(original);
      assertNotEquals(original, edited, "the edit of " + example + " must change it");
      Path old = java.nio.file.Files.writeString(dir.resolve("old.yaml"), original);
      Path now = java.nio.file.Files.writeString(dir.resolve("new.yaml"), edited);
      return new ModelDiff(ChangeFacts.bundled(), GpuCapacity.of(VmSizeCatalog.bundled()))
          .compare(load(old, "old/" + example), load(now, "new/" + example));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Revision load(Path file, String display) {
    ValidationResult result =
        new Validator(CrdSchema.bundled()).validate(List.of(InputSource.file(file, display)));
    assertEquals(
        List.of(),
        result.diagnostics().stream().filter(d -> d.isError()).toList(),
        "fixture " + display + " must be valid");
    return new Revision(result.clusters(), Map.of(display, ""));
  }

  static DiffReport compare(String testCase) {
    return compare(testCase, ChangeFacts.bundled());
  }

  static DiffReport compare(String testCase, ChangeFacts facts) {
    return new ModelDiff(facts, GpuCapacity.of(VmSizeCatalog.bundled()))
        .compare(revision(testCase, "old"), revision(testCase, "new"));
  }
}
