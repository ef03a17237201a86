package ai.modelplane.generator.load;

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
 */
public record InputSource(String displayPath, Optional<Path> path, boolean foundInFolder) {
  public static final String STDIN = "<stdin>";

  public static InputSource file(Path path, String displayPath) {
    return new InputSource(displayPath.replace('\\', '/'), Optional.of(path), false);
  }

  /** A file a folder search found. */
  public static InputSource foundInFolder(Path path, String displayPath) {
    return new InputSource(displayPath.replace('\\', '/'), Optional.of(path), true);
  }

  public static InputSource stdin() {
    return new InputSource(STDIN, Optional.empty(), false);
  }

  public InputStream open() throws IOException {
    return path.isPresent() ? Files.newInputStream(path.get()) : System.in;
  }
}
