package ai.modelplane.generator.output;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A folder below the output folder, held open for renames, reads and deletes of the files directly
 * in it.
 *
 * <p>Where the platform has {@link SecureDirectoryStream} (Linux: {@code openat}, {@code renameat},
 * {@code unlinkat}), the folder is opened one name at a time from the output folder, each name with
 * {@code O_NOFOLLOW}, and every operation is relative to that open folder: a folder swapped for a
 * symbolic link after it was opened cannot redirect anything, there is no window between a check
 * and the rename. Elsewhere (Windows, macOS builds without it), the folders on the way are looked
 * at again, uncached, immediately before each operation: a window of microseconds remains there.
 *
 * <p>The output folder itself may be a link (the user chose it); nothing below it is followed.
 */
final class HeldFolder implements Closeable {
  private final Path root;
  private final String relative;
  private final Path path;
  private final SecureDirectoryStream<Path> stream;

  private HeldFolder(Path root, String relative, SecureDirectoryStream<Path> stream) {
    this.root = root;
    this.relative = relative;
    this.path = relative.isEmpty() ? root : root.resolve(relative);
    this.stream = stream;
  }

  /** True when this JDK and file system give folder handles; otherwise checks are re-done. */
  boolean isHandle() {
    return stream != null;
  }

  Path path() {
    return path;
  }

  /**
   * Opens {@code folder} (relative to {@code root}, {@code /}-separated; empty for the root).
   *
   * @throws IOException naming the first folder on the way that is a link, not a folder or missing
   */
  static HeldFolder open(Path root, String folder) throws IOException {
    DirectoryStream<Path> top = Files.newDirectoryStream(root);
    if (!(top instanceof SecureDirectoryStream<Path> current)) {
      top.close();
      requireRealNow(root, folder);
      return new HeldFolder(root, folder, null);
    }
    if (folder.isEmpty()) {
      return new HeldFolder(root, folder, current);
    }
    try {
      for (String name : folder.split("/")) {
        SecureDirectoryStream<Path> next =
            current.newDirectoryStream(Path.of(name), LinkOption.NOFOLLOW_LINKS);
        current.close();
        current = next;
      }
    } catch (IOException e) {
      current.close();
      // ELOOP or ENOTDIR say little: name what is in the way, looked at now.
      requireRealNow(root, folder);
      throw e;
    }
    return new HeldFolder(root, folder, current);
  }

  /** The folder that holds {@code path} (relative to {@code root}). */
  static HeldFolder openParentOf(Path root, String path) throws IOException {
    int slash = path.lastIndexOf('/');
    return open(root, slash < 0 ? "" : path.substring(0, slash));
  }

  static String nameOf(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private static void requireRealNow(Path root, String folder) throws IOException {
    if (!folder.isEmpty()) {
      new RealFolders(root).requireReal(folder + "/x");
    }
  }

  private void recheck() throws IOException {
    if (stream == null) {
      requireRealNow(root, relative);
    }
  }

  /** Renames {@code name} here to {@code toName} in {@code to}; replaces what is there. */
  void rename(String name, HeldFolder to, String toName) throws IOException {
    if (stream != null && to.stream != null) {
      stream.move(Path.of(name), to.stream, Path.of(toName));
      return;
    }
    recheck();
    to.recheck();
    Files.move(path.resolve(name), to.path.resolve(toName), StandardCopyOption.ATOMIC_MOVE);
  }

  /** What {@code name} is, without following a link; null when nothing is there. */
  BasicFileAttributes attributes(String name) throws IOException {
    if (stream == null) {
      recheck();
      return FileReads.attributesOrNull(path.resolve(name));
    }
    try {
      return stream
          .getFileAttributeView(
              Path.of(name), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /**
   * The bytes of the regular file {@code name}; empty when nothing, a link or a folder is there.
   */
  Optional<byte[]> read(String name) throws IOException {
    if (stream == null) {
      recheck();
      return FileReads.readNoFollow(path.resolve(name));
    }
    BasicFileAttributes attributes = attributes(name);
    if (attributes == null || !attributes.isRegularFile()) {
      return Optional.empty();
    }
    try (SeekableByteChannel channel =
        stream.newByteChannel(Path.of(name), FileReads.READ_NO_FOLLOW)) {
      return Optional.of(FileReads.readFully(channel));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  Optional<String> fingerprintOf(String name) throws IOException {
    return read(name).map(Manifest::fingerprint);
  }

  /** Deletes the file {@code name} here (never a folder's content through a link). */
  void delete(String name) throws IOException {
    if (stream != null) {
      stream.deleteFile(Path.of(name));
      return;
    }
    recheck();
    Files.delete(path.resolve(name));
  }

  /** Removes the empty folder {@code name} here. */
  void deleteFolder(String name) throws IOException {
    if (stream != null) {
      stream.deleteDirectory(Path.of(name));
      return;
    }
    recheck();
    Files.delete(path.resolve(name));
  }

  /** Creates the file {@code name} here (failing when anything is there) holding {@code bytes}. */
  void create(String name, byte[] bytes) throws IOException {
    if (stream == null) {
      recheck();
      Files.write(
          path.resolve(name), bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      return;
    }
    try (SeekableByteChannel channel =
        stream.newByteChannel(
            Path.of(name),
            Set.of(
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS))) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    }
  }

  /** The names of the entries here. */
  List<String> names() throws IOException {
    List<String> names = new ArrayList<>();
    if (stream == null) {
      recheck();
      try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
        entries.forEach(entry -> names.add(entry.getFileName().toString()));
      }
      return names;
    }
    stream.forEach(entry -> names.add(entry.getFileName().toString()));
    return names;
  }

  @Override
  public void close() throws IOException {
    if (stream != null) {
      stream.close();
    }
  }
}
