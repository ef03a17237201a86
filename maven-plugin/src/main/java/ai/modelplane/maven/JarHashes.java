package ai.modelplane.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * SHA-256 of the plugin's own jars, remembered under {@code target/modelplane/} with each jar's
 * size, modification time and file key. Hashing the jars cold costs an up-to-date build tens of
 * milliseconds (SHA-256 runs interpreted until the JIT sees it); a jar whose stat is unchanged is
 * not read again. As in git's index, a jar modified within {@link #SETTLE_NANOS} of being looked at
 * is not remembered, since a rewrite in the same clock tick could leave its stat unchanged.
 */
final class JarHashes {
  static final String FILE_NAME = "jar-hashes";
  private static final String HEADER = "modelplane-jar-hashes 1";
  static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(2);

  private final Path file;
  private final Map<String, String> remembered;
  private final Map<String, String> seen = new TreeMap<>();

  private JarHashes(Path file, Map<String, String> remembered) {
    this.file = file;
    this.remembered = remembered;
  }

  /** The hashes remembered in {@code file}; none when it is missing or unreadable. */
  static JarHashes in(Path file) {
    Map<String, String> remembered = new TreeMap<>();
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (!lines.isEmpty() && lines.get(0).equals(HEADER)) {
        for (String line : lines.subList(1, lines.size())) {
          int split = line.lastIndexOf(' ');
          if (split > 0) {
            remembered.put(line.substring(0, split), line.substring(split + 1));
          }
        }
      }
    } catch (NoSuchFileException e) {
      // first build
    } catch (IOException | RuntimeException e) {
      remembered.clear(); // only a shortcut: hash the jars instead
    }
    return new JarHashes(file, remembered);
  }

  /** SHA-256 of {@code jar}: remembered if its stat is, otherwise read and hashed. */
  String of(Path jar) throws IOException {
    BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
    long modified = attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS);
    String stat =
        attributes.size()
            + " "
            + modified
            + " "
            + attributes.fileKey()
            + " "
            + jar.toAbsolutePath();
    String hash = remembered.get(stat);
    if (hash == null) {
      hash = Sha256.of(jar);
    }
    if (System.currentTimeMillis() * 1_000_000L - modified >= SETTLE_NANOS) {
      seen.put(stat, hash);
    }
    return hash;
  }

  /** Remembers the jars hashed or confirmed since {@link #in}, if that changes the file. */
  void save() {
    if (seen.equals(remembered)) {
      return;
    }
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    seen.forEach((stat, hash) -> lines.add(stat + " " + hash));
    try {
      Files.createDirectories(file.getParent());
      Path temporary = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
      try {
        Files.write(temporary, lines, StandardCharsets.UTF_8);
        Files.move(
            temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temporary);
      }
    } catch (IOException e) {
      // Only a shortcut: the next build hashes the jars again.
    }
  }
}
