package ai.modelplane.generator.load;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The process's standard input, for {@code -}, opened so that reading it can neither crash the JVM
 * nor read the JVM's own files.
 *
 * <p>When a program starts with descriptor 0 closed ({@code modelplane validate - <&-}), the next
 * file the JVM opens takes descriptor 0: on HotSpot that is the runtime image {@code lib/modules},
 * from which it keeps loading classes. {@code System.in} then reads the runtime image, and closing
 * {@code System.in} closes the image's descriptor: the next class loaded from it crashes the JVM
 * with SIGSEGV (exit 139, no message). So standard input is never closed here (it is not ours to
 * close), and on Linux a descriptor 0 that names a file of the running JVM is reported as closed
 * standard input.
 */
final class StandardInput {
  private StandardInput() {}

  static InputStream open() throws IOException {
    if (isClosed()) {
      throw new IOException(
          "standard input is closed; pipe the YAML in (… | modelplane validate -) or name a file");
    }
    return new FilterInputStream(System.in) {
      @Override
      public void close() {
        // Standard input belongs to the process: closing it would free descriptor 0 for the next
        // file opened, which is how a closed stdin turned into a crash.
      }
    };
  }

  /**
   * True when descriptor 0 is missing or is a file of the JVM's own installation; false when it
   * cannot be told (no {@code /proc}).
   */
  static boolean isClosed() {
    Path descriptors = Path.of("/proc/self/fd");
    if (!Files.isDirectory(descriptors)) {
      return false;
    }
    Path zero = descriptors.resolve("0");
    if (!Files.exists(zero, LinkOption.NOFOLLOW_LINKS)) {
      return true;
    }
    try {
      Path target = Files.readSymbolicLink(zero);
      Path javaHome = Path.of(System.getProperty("java.home")).toRealPath();
      return target.isAbsolute() && target.startsWith(javaHome);
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return false;
    }
  }
}
