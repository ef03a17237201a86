package ai.modelplane.generator.load;

import ai.modelplane.generator.diagnostic.Diagnostic;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One YAML input: a file, or standard input.
 *
 * @param displayPath how diagnostics and generated headers name it (as the user wrote it, with
 *     {@code /} separators), or {@code <stdin>}
 * @param path the file, empty for standard input
 * @param foundInFolder true when a folder search found it, rather than the user naming it; such a
 *     file may be any other YAML that happens to live beside the clusters
 * @param problem why this path is not read (a FIFO, the output folder, a link the search does not
 *     follow): reading it yields this diagnostic alone, and it is never opened
 */
public record InputSource(
    String displayPath, Optional<Path> path, boolean foundInFolder, Optional<Diagnostic> problem) {
  public static final String STDIN = "<stdin>";

  public static InputSource file(Path path, String displayPath) {
    return new InputSource(display(displayPath), Optional.of(path), false, Optional.empty());
  }

  /** A file a folder search found. */
  public static InputSource foundInFolder(Path path, String displayPath) {
    return new InputSource(display(displayPath), Optional.of(path), true, Optional.empty());
  }

  /** A path that is reported instead of read. */
  public static InputSource problem(
      Path path, String displayPath, boolean foundInFolder, Diagnostic problem) {
    return new InputSource(
        display(displayPath), Optional.of(path), foundInFolder, Optional.of(problem));
  }

  public static InputSource stdin() {
    return new InputSource(STDIN, Optional.empty(), false, Optional.empty());
  }

  /** How a path the user wrote is shown: with {@code /} separators. */
  static String display(String path) {
    return path.replace('\\', '/');
  }

  public InputStream open() throws IOException {
    if (problem.isPresent()) {
      throw new IOException(displayPath + ": " + problem.get().message());
    }
    return path.isPresent() ? Files.newInputStream(path.get()) : StandardInput.open();
  }
}
