package ai.modelplane.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 in lower-case hex. */
final class Sha256 {
  private Sha256() {}

  static String of(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  static String of(String text) {
    return of(text.getBytes(StandardCharsets.UTF_8));
  }

  static String of(Path file) throws IOException {
    return of(Files.readAllBytes(file));
  }
}
