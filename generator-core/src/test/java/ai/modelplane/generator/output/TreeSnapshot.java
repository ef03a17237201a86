package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every file and folder below a root with its bytes and mtime, to prove a tree did not change; all
 * but {@code .modelplane/lock}, which every write run takes (and writes its pid into).
 */
public final class TreeSnapshot {
  public static final FileTime OLD =
      FileTime.fromMillis(1_577_836_800_000L); // 2020-01-01T00:00:00Z

  private TreeSnapshot() {}

  /** {@code path -> content @ mtime}; folders end in {@code /}. */
  public static SortedMap<String, String> of(Path root) throws IOException {
    SortedMap<String, String> entries = new TreeMap<>();
    if (!Files.exists(root)) {
      return entries;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.toList()) {
        String relative = root.relativize(path).toString().replace('\\', '/');
        if (relative.isEmpty() || relative.equals(".modelplane/lock")) {
          continue;
        }
        if (Files.isDirectory(path)) {
          entries.put(relative + "/", "");
        } else {
          entries.put(
              relative,
              new String(Files.readAllBytes(path), StandardCharsets.UTF_8)
                  + " @ "
                  + Files.getLastModifiedTime(path));
        }
      }
    }
    return entries;
  }

  /** Sets every file's mtime to {@link #OLD}, so a rewrite shows. */
  public static void age(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.filter(Files::isRegularFile).toList()) {
        Files.setLastModifiedTime(path, OLD);
      }
    }
  }

  public static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }
}
