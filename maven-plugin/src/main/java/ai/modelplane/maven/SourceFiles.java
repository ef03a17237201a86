package ai.modelplane.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The AKSCluster YAML files under {@code <sources>}, listed with plain file-system calls so that
 * the up-to-date check needs no part of the generator.
 *
 * @param basedir the project folder, which diagnostics and generated headers are relative to
 * @param folder the {@code <sources>} folder
 * @param files every {@code *.yaml} and {@code *.yml} file below it, sorted
 */
record SourceFiles(Path basedir, Path folder, List<Path> files) {
  static SourceFiles find(Path basedir, Path folder)
      throws MojoExecutionException, MojoFailureException {
    String shown = displayPath(basedir, folder);
    if (!Files.isDirectory(folder)) {
      throw new MojoFailureException(
          "The sources folder "
              + shown
              + " does not exist: put AKSCluster YAML there, or point <sources> "
              + "(-Dmodelplane.sources) at the folder that holds it.");
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files = walk.filter(Files::isRegularFile).filter(SourceFiles::isYaml).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      throw new MojoExecutionException("Cannot list " + shown + ": " + e.getMessage(), e);
    }
    if (files.isEmpty()) {
      throw new MojoFailureException(
          "The sources folder "
              + shown
              + " holds no *.yaml or *.yml file: add an AKSCluster there, or point "
              + "<sources> (-Dmodelplane.sources) at the folder that holds it.");
    }
    return new SourceFiles(basedir, folder, files);
  }

  /** The folder as the generator names it: relative to the project, {@code /}-separated. */
  String input() {
    return displayPath(basedir, folder);
  }

  static String displayPath(Path basedir, Path path) {
    String relative = basedir.relativize(path).toString().replace('\\', '/');
    return relative.isEmpty() ? "." : relative;
  }

  private static boolean isYaml(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".yaml") || name.endsWith(".yml");
  }
}
