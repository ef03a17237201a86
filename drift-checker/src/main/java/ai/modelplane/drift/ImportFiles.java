package ai.modelplane.drift;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The files {@code modelplane import} writes: which it may replace, and how it writes them. */
final class ImportFiles {
  private ImportFiles() {}

  /** Whether {@code file} starts with {@link LiveClusterDocument#MARKER}. */
  static boolean writtenByImport(Path file) {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = reader.readLine();
      return first != null && first.startsWith(LiveClusterDocument.MARKER);
    } catch (IOException e) {
      return false;
    }
  }

  /** A temporary file beside the target, then a move: a crash never leaves half a document. */
  static void writeAtomically(Path file, String text) throws IOException {
    Path temporary = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
    try {
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      try {
        Files.move(
            temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
