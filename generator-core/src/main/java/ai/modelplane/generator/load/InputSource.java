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
 */
public record InputSource(String displayPath, Optional<Path> path) {
  public static final String STDIN = "<stdin>";

  public static InputSource file(Path path, String displayPath) {
    return new InputSource(displayPath.replace('\\', '/'), Optional.of(path));
  }

  public static InputSource stdin() {
    return new InputSource(STDIN, Optional.empty());
  }

  public InputStream open() throws IOException {
    return path.isPresent() ? Files.newInputStream(path.get()) : System.in;
  }
}
