package ai.modelplane.generator.output;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import java.util.Set;

/** Reading files below the output directory without following a symbolic link at their place. */
final class FileReads {
  static final Set<OpenOption> READ_NO_FOLLOW =
      Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

  private FileReads() {}

  /**
   * The fingerprint of the regular file at {@code file}, read without following a link; empty when
   * there is none.
   */
  static Optional<String> fingerprintOf(Path file) throws IOException {
    Optional<byte[]> bytes = readNoFollow(file);
    return bytes.map(Manifest::fingerprint);
  }

  /**
   * The bytes of the regular file at {@code file}; empty when nothing, a link or a folder is there.
   */
  static Optional<byte[]> readNoFollow(Path file) throws IOException {
    return readNoFollow(file, Integer.MAX_VALUE - 8);
  }

  /**
   * As {@link #readNoFollow(Path)}, refusing a file of more than {@code cap} bytes before reading
   * it.
   *
   * @throws TooLargeException when it is larger
   */
  static Optional<byte[]> readNoFollow(Path file, long cap) throws IOException {
    try (SeekableByteChannel channel = Files.newByteChannel(file, READ_NO_FOLLOW)) {
      return Optional.of(readFully(channel, cap, file));
    } catch (TooLargeException e) {
      throw e;
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      BasicFileAttributes attributes = attributesOrNull(file);
      if (attributes == null || !attributes.isRegularFile()) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * All of a channel's bytes, in one array sized by the channel (as {@link Files#readAllBytes}
   * does).
   */
  static byte[] readFully(SeekableByteChannel channel) throws IOException {
    return readFully(channel, Integer.MAX_VALUE - 8, null);
  }

  /** A file over its cap; the message names it, its size and the cap. */
  static final class TooLargeException extends IOException {
    TooLargeException(Path file, long size, long cap) {
      super(
          (file == null ? "file" : file.toString())
              + ": "
              + (size < 0 ? "more than " + cap : size)
              + " bytes, more than modelplane reads ("
              + cap
              + " bytes); it was not written by modelplane, or is damaged: delete it and run again");
    }
  }

  /**
   * All of a channel's bytes, at most {@code cap}: a larger file is refused from its size, before
   * any byte is read, and one that grows past the cap while being read is refused too.
   */
  static byte[] readFully(SeekableByteChannel channel, long cap, Path file) throws IOException {
    long size = channel.size();
    if (size > cap || size > Integer.MAX_VALUE - 8) {
      throw new TooLargeException(file, size, Math.min(cap, Integer.MAX_VALUE - 8));
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) size);
    while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
      // keep reading
    }
    if (buffer.hasRemaining()) {
      byte[] shorter = new byte[buffer.position()];
      System.arraycopy(buffer.array(), 0, shorter, 0, shorter.length);
      return shorter;
    }
    ByteBuffer probe = ByteBuffer.allocate(1);
    if (channel.read(probe) <= 0) {
      return buffer.array();
    }
    // It grew while being read: read the rest the slow way.
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    all.write(buffer.array());
    all.write(probe.array());
    long room = cap - all.size();
    byte[] rest =
        Channels.newInputStream(channel)
            .readNBytes((int) Math.min(room + 1, Integer.MAX_VALUE - 8));
    if (rest.length > room) {
      throw new TooLargeException(file, -1, cap);
    }
    all.write(rest);
    return all.toByteArray();
  }

  /**
   * How many names the file at {@code file} has (its {@code unix:nlink}), not following a link; 1
   * where the file system does not say.
   */
  static int linkCount(Path file) throws IOException {
    try {
      Object count = Files.getAttribute(file, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
      return count instanceof Integer n ? n : 1;
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return 1;
    }
  }

  static BasicFileAttributes attributesOrNull(Path file) throws IOException {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
