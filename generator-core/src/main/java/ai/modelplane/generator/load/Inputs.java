package ai.modelplane.generator.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Expands the paths a user names (files, folders, {@code -}) into input sources, in a stable order. */
public final class Inputs {
  private Inputs() {}

  /**
   * Files stay as given; folders are searched recursively for {@code *.yaml} and {@code *.yml},
   * sorted by path; {@code -} is standard input.
   *
   * @throws NoSuchFileException when a named path does not exist
   */
  public static List<InputSource> expand(List<String> paths, Path workingDirectory) throws IOException {
    List<InputSource> sources = new ArrayList<>();
    for (String given : paths) {
      if (given.equals("-")) {
        sources.add(InputSource.stdin());
        continue;
      }
      Path path = workingDirectory.resolve(given).normalize();
      if (Files.isDirectory(path)) {
        for (Path file : yamlFilesUnder(path)) {
          String display = join(given, path.relativize(file).toString());
          sources.add(InputSource.foundInFolder(file, display));
        }
      } else if (Files.exists(path)) {
        sources.add(InputSource.file(path, given));
      } else {
        throw new NoSuchFileException(given);
      }
    }
    return sources;
  }

  /** YAML files below {@code folder}, sorted so that output never depends on the file system's order. */
  public static List<Path> yamlFilesUnder(Path folder) throws IOException {
    try (Stream<Path> walk = Files.walk(folder)) {
      return walk.filter(Files::isRegularFile).filter(Inputs::isYaml).sorted().toList();
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static boolean isYaml(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".yaml") || name.endsWith(".yml");
  }

  private static String join(String folder, String relative) {
    String prefix = folder.endsWith("/") ? folder : folder + "/";
    if (prefix.equals("./")) {
      prefix = "";
    }
    return prefix + relative.replace('\\', '/');
  }
}
