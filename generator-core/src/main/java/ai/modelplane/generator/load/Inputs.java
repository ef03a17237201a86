package ai.modelplane.generator.load;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

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

  /**
   * YAML files below {@code folder}, sorted so that output never depends on the file system's order.
   * Hidden folders ({@code .git}, {@code .github}…) and trees this generator wrote (a folder holding
   * {@code .modelplane/}) are not searched: their YAML is never AKSCluster input.
   */
  public static List<Path> yamlFilesUnder(Path folder) throws IOException {
    List<Path> found = new ArrayList<>();
    Files.walkFileTree(folder, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
        boolean hidden = !dir.equals(folder) && dir.getFileName().toString().startsWith(".");
        return hidden || Files.isDirectory(dir.resolve(".modelplane")) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        if (attributes.isRegularFile() && isYaml(file)) {
          found.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    found.sort(null);
    return found;
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
