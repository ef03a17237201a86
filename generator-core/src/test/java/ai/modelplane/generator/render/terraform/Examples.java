package ai.modelplane.generator.render.terraform;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads the repository's examples the way the CLI does, with paths as a user in the repository root
 * names them.
 */
final class Examples {
  static final Path DIR = Path.of("..", "examples");
  static final List<String> NAMES =
      List.of("inference-westeurope", "minimal", "multi-pool", "fleet", "private-cluster");

  private Examples() {}

  /** Test-only spec with every pool kind (see the file's comment). */
  static final String EVERY_POOL_KIND = "every-pool-kind";

  static List<AksCluster> load(String name) {
    if (name.equals(EVERY_POOL_KIND)) {
      return loadFile(
          Path.of("src", "test", "resources", "terraform", name + ".yaml"),
          "tests/" + name + ".yaml");
    }
    return loadFile(DIR.resolve(name + ".yaml"), "examples/" + name + ".yaml");
  }

  static List<AksCluster> loadFile(Path file, String displayPath) {
    ValidationResult result =
        new Validator(CrdSchema.bundled()).validate(List.of(InputSource.file(file, displayPath)));
    if (result.hasErrors()) {
      throw new IllegalStateException("example does not load: " + result.diagnostics());
    }
    return result.clusters();
  }

  static List<AksCluster> loadYaml(String yaml, Path tempDir, String displayPath) {
    try {
      Path file = tempDir.resolve(displayPath.replace('/', '_'));
      Files.writeString(file, yaml, StandardCharsets.UTF_8);
      return loadFile(file, displayPath);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void write(List<GeneratedFile> files, Path dir) {
    try {
      for (GeneratedFile file : files) {
        Path path = dir.resolve(file.relativePath());
        Files.createDirectories(path.getParent());
        Files.writeString(path, file.content(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
