package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Expands the paths a user names (files, folders, {@code -}) into input sources, in a stable order.
 *
 * <p>Only regular files are read: a FIFO, device or socket is refused by its type, before anything
 * opens it (opening a FIFO would wait for a writer forever). The output folder is never read as
 * input. Problems are not exceptions but sources that read as one diagnostic, so that they are
 * reported with every other finding, in order.
 */
public final class Inputs {
  private Inputs() {}

  /** {@link #expand(List, Path, Optional)} without an output folder (validate, diff, drift). */
  public static List<InputSource> expand(List<String> paths, Path workingDirectory)
      throws IOException {
    return expand(paths, workingDirectory, Optional.empty());
  }

  /**
   * Files stay as given; folders are searched recursively for {@code *.yaml} and {@code *.yml} (see
   * {@link FolderSearch}), sorted by path; {@code -} is standard input.
   *
   * @param outputFolder the generated tree (resolved against the working directory): naming it as
   *     an input is an error (MP013), and a folder search never enters it
   * @throws NoSuchFileException when a named path does not exist
   */
  public static List<InputSource> expand(
      List<String> paths, Path workingDirectory, Optional<Path> outputFolder) throws IOException {
    return expand(paths, workingDirectory, outputFolder, "");
  }

  /**
   * {@link #expand(List, Path, Optional)} with the same rules, every path shown with {@code
   * displayPrefix} before it: {@code diff --base} searches the files of a git commit, written out
   * into a scratch folder, as it searches the working tree, and shows them as {@code REF:path}.
   */
  public static List<InputSource> expand(
      List<String> paths, Path workingDirectory, Optional<Path> outputFolder, String displayPrefix)
      throws IOException {
    Optional<Path> outputReal = outputFolder.flatMap(Inputs::realPathIfExists);
    List<InputSource> sources = new ArrayList<>();
    for (String given : paths) {
      if (given.equals("-")) {
        sources.add(InputSource.stdin());
        continue;
      }
      Path path = workingDirectory.resolve(given).normalize();
      String shown = displayPrefix + given;
      BasicFileAttributes attributes;
      try {
        attributes = Files.readAttributes(path, BasicFileAttributes.class);
      } catch (NoSuchFileException e) {
        throw new NoSuchFileException(shown);
      }
      if (outputReal.isPresent()
          && attributes.isDirectory()
          && path.toRealPath().equals(outputReal.get())) {
        sources.add(
            InputSource.problem(
                path,
                shown,
                false,
                LoadDiagnostics.fileError(
                    InputSource.display(shown),
                    DiagnosticCode.MP013,
                    "this folder is also the output folder ("
                        + outputFolder.get()
                        + "), and generated files are never read as input",
                    "name the folder that holds the AKSCluster YAML, or write the output elsewhere")));
      } else if (attributes.isDirectory()) {
        sources.addAll(new FolderSearch(path, given, outputReal, displayPrefix).run());
      } else if (attributes.isRegularFile()) {
        sources.add(InputSource.file(path, shown));
      } else {
        sources.add(notARegularFile(path, shown, false));
      }
    }
    return sources;
  }

  /**
   * The regular YAML files a search of {@code folder} reads, sorted; what it reports instead
   * (special files, links it does not follow) is left out.
   */
  public static List<Path> yamlFilesUnder(Path folder) throws IOException {
    return new FolderSearch(folder, folder.toString(), Optional.empty())
        .run().stream()
            .filter(source -> source.problem().isEmpty())
            .map(source -> source.path().orElseThrow())
            .toList();
  }

  /** A FIFO, device or socket with a YAML name: an error naming what it is, never opened. */
  static InputSource notARegularFile(Path path, String display, boolean foundInFolder) {
    return InputSource.problem(
        path,
        display,
        foundInFolder,
        LoadDiagnostics.fileError(
            InputSource.display(display),
            DiagnosticCode.MP001,
            "cannot read: not a regular file but "
                + specialFileKind(path)
                + "; only regular files are read",
            "name a YAML file, or - to read standard input"));
  }

  /** What kind of special file {@code path} is, from its Unix mode where the platform has one. */
  private static String specialFileKind(Path path) {
    try {
      int type = ((Integer) Files.getAttribute(path, "unix:mode")) & 0170000;
      return switch (type) {
        case 0010000 -> "a named pipe (FIFO)";
        case 0020000 -> "a character device";
        case 0060000 -> "a block device";
        case 0140000 -> "a socket";
        default -> "a special file";
      };
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "a special file";
    }
  }

  private static Optional<Path> realPathIfExists(Path path) {
    try {
      return Optional.of(path.toRealPath());
    } catch (IOException e) {
      // Not there yet (or unreadable): then no input can be it.
      return Optional.empty();
    }
  }

  static boolean isYaml(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".yaml") || name.endsWith(".yml");
  }
}
