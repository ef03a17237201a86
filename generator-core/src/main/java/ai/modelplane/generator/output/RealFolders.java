package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which folders below the output folder are real folders (not symbolic links, not files), looked at
 * with {@code lstat}, each once per instance: the generator writes, moves and deletes only through
 * real folders, so that a link planted inside the tree can never lead it outside. One instance per
 * phase (planning, applying), so that the check happens close to each use and stays cheap for
 * thousands of files sharing a few thousand folders. The output folder itself may be a link: the
 * user chose it.
 */
final class RealFolders {
  enum Kind {
    REAL,
    MISSING,
    SYMLINK,
    NOT_A_FOLDER
  }

  /**
   * @param kind what the first folder on the way that is not a real one is (or {@link Kind#REAL})
   * @param at that folder, relative to the root; null when all are real
   */
  record Verdict(Kind kind, String at) {
    static final Verdict REAL = new Verdict(Kind.REAL, null);
  }

  private final Path root;
  private final ConcurrentHashMap<String, Verdict> known = new ConcurrentHashMap<>();

  RealFolders(Path root) {
    this.root = root;
  }

  /**
   * What stands in the way of the file at {@code path} (relative, {@code /}-separated) among its
   * folders.
   */
  Verdict foldersOf(String path) throws IOException {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? Verdict.REAL : folder(path.substring(0, slash));
  }

  /** What {@code folder} and the folders above it are, the first one that is not real deciding. */
  Verdict folder(String folder) throws IOException {
    Verdict verdict = known.get(folder);
    if (verdict != null) {
      return verdict;
    }
    int slash = folder.lastIndexOf('/');
    Verdict above = slash < 0 ? Verdict.REAL : folder(folder.substring(0, slash));
    if (above.kind() != Kind.REAL) {
      verdict = above;
    } else {
      verdict = new Verdict(look(root.resolve(folder)), folder);
      if (verdict.kind() == Kind.REAL) {
        verdict = Verdict.REAL;
      }
    }
    known.put(folder, verdict);
    return verdict;
  }

  /** Forgets what is known of {@code folder}: this run just created it. */
  void created(String folder) {
    known.put(folder, Verdict.REAL);
  }

  /** Forgets {@code folder}: this run just removed it. */
  void removed(String folder) {
    known.remove(folder);
  }

  /**
   * @throws IOException unless every folder of {@code path} is a real folder that exists
   */
  void requireReal(String path) throws IOException {
    Verdict verdict = foldersOf(path);
    if (verdict.kind() != Kind.REAL) {
      throw new IOException(describe(root, verdict));
    }
  }

  static String describe(Path root, Verdict verdict) {
    Path at = root.resolve(verdict.at());
    return switch (verdict.kind()) {
      case SYMLINK -> at + ": is a symbolic link; modelplane never writes or deletes through one";
      case NOT_A_FOLDER -> at + ": not a folder";
      case MISSING -> at + ": no such folder";
      case REAL -> at + ": a real folder";
    };
  }

  private static Kind look(Path folder) throws IOException {
    try {
      BasicFileAttributes attributes =
          Files.readAttributes(folder, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (attributes.isSymbolicLink()) {
        return Kind.SYMLINK;
      }
      return attributes.isDirectory() ? Kind.REAL : Kind.NOT_A_FOLDER;
    } catch (NoSuchFileException e) {
      return Kind.MISSING;
    }
  }
}
