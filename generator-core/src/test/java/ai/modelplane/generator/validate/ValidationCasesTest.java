package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One small YAML per rule of the CRD, the field reference and the Azure catalog, in {@code
 * src/test/resources/cases/}. Each file ends with {@code # expect: } comments holding the exact
 * diagnostics, in order ({@code # expect: valid} for none).
 */
class ValidationCasesTest {
  static Stream<String> cases() throws IOException, URISyntaxException {
    try (Stream<Path> files = Files.list(casesFolder())) {
      return files
          .map(path -> path.getFileName().toString())
          .filter(name -> name.endsWith(".yaml"))
          .sorted()
          .toList()
          .stream();
    }
  }

  static Path casesFolder() throws URISyntaxException {
    return Path.of(ValidationCasesTest.class.getClassLoader().getResource("cases").toURI());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsExactlyTheExpectedDiagnostics(String name) throws Exception {
    Path file = casesFolder().resolve(name);
    List<String> expected =
        Files.readAllLines(file).stream()
            .filter(line -> line.startsWith("# expect: "))
            .map(line -> line.substring("# expect: ".length()))
            .toList();
    assertFalse(expected.isEmpty(), name + " has no '# expect: ' lines");
    ValidationResult result =
        new Validator(CrdSchema.bundled(), Fixtures.CLOCK)
            .validate(List.of(InputSource.file(file, "cases/" + name)));
    List<String> actual = result.diagnostics().stream().map(Diagnostic::format).toList();
    if (expected.equals(List.of("valid"))) {
      assertEquals(List.of(), actual);
      assertEquals(false, result.hasErrors());
    } else {
      assertEquals(expected, actual);
    }
  }
}
