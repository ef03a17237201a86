package ai.modelplane.generator.render.bicep;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Loads the repository's examples/ the way the CLI does, with display paths relative to the
 * repository.
 */
final class Examples {
  static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

  private Examples() {}

  /** The example file names, sorted. */
  static List<String> names() {
    try (Stream<Path> files = Files.list(REPOSITORY.resolve("examples"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".yaml"))
          .sorted()
          .toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static List<AksCluster> load(String exampleName) {
    Path file = REPOSITORY.resolve("examples").resolve(exampleName);
    ValidationResult result =
        new Validator(CrdSchema.bundled())
            .validate(List.of(InputSource.file(file, "examples/" + exampleName)));
    if (result.hasErrors()) {
      throw new IllegalStateException(exampleName + ": " + result.diagnostics());
    }
    return result.clusters();
  }
}
