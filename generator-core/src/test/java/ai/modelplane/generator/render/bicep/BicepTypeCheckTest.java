package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.render.GeneratedFile;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example's Bicep output against Bicep's own ARM type definitions (offline, see arm-types/README.md). */
class BicepTypeCheckTest {
  private static final ArmTypes TYPES = new ArmTypes();

  static List<String> examples() {
    return Examples.names();
  }

  static Map<String, String> render(String example) {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : new BicepRenderer().render(Examples.load(example))) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }

  @ParameterizedTest
  @MethodSource("examples")
  void everyGeneratedFilePassesTheTypeCheck(String example) {
    assertEquals(List.of(), BicepChecker.check(TYPES, render(example)));
  }
}
