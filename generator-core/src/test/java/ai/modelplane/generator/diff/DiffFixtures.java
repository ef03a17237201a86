package ai.modelplane.generator.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.load.ClusterLoader;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.validate.ValidationResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Loads the YAML revision pairs under src/test/resources/diff/CASE/{old,new}.yaml. */
final class DiffFixtures {
  static final Path ROOT = Path.of("src/test/resources/diff");

  private DiffFixtures() {}

  static Revision revision(String testCase, String side) {
    String display = "diff/" + testCase + "/" + side + ".yaml";
    InputSource source = InputSource.file(ROOT.resolve(testCase).resolve(side + ".yaml"), display);
    ValidationResult result = new ClusterLoader(CrdSchema.bundled()).load(List.of(source));
    assertEquals(
        List.of(), result.diagnostics().stream().filter(d -> d.isError()).toList(), "fixture " + display + " must be valid");
    return new Revision(result.clusters(), Map.of(display, ""));
  }

  static DiffReport compare(String testCase) {
    return compare(testCase, ChangeFacts.bundled());
  }

  static DiffReport compare(String testCase, ChangeFacts facts) {
    return new ModelDiff(facts, GpuCapacity.of(VmSizeCatalog.bundled())).compare(revision(testCase, "old"), revision(testCase, "new"));
  }
}
