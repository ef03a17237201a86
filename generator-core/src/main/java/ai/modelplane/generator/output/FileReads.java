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
    try (SeekableByteChannel channel = Files.newByteChannel(file, READ_NO_FOLLOW)) {
      return Optional.of(readFully(channel));
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
    long size = channel.size();
    if (size > Integer.MAX_VALUE - 8) {
      throw new IOException("file too large");
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
    all.write(Channels.newInputStream(channel).readAllBytes());
    return all.toByteArray();
  }

  static BasicFileAttributes attributesOrNull(Path file) throws IOException {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
