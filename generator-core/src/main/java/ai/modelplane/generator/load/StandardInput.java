package ai.modelplane.generator.load;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;

/**
 * The process's standard input, for {@code -}, opened so that reading it can neither crash the JVM
 * nor read the JVM's own files.
 *
 * <p>When a program starts with descriptor 0 closed ({@code modelplane validate - <&-}), the next
 * file the JVM opens takes descriptor 0: on HotSpot that is the runtime image {@code lib/modules},
 * from which it keeps loading classes. {@code System.in} then reads the runtime image, and closing
 * {@code System.in} closes the image's descriptor: the next class loaded from it crashes the JVM
 * with SIGSEGV (exit 139, no message). So standard input is never closed here (it is not ours to
 * close), and its first bytes are looked at: the runtime image's magic number, or a read that fails
 * (a descriptor or handle that is not open), is reported as closed standard input. Both need
 * nothing from the operating system beyond reading the stream, so the same message comes on every
 * platform.
 */
final class StandardInput {
  static final String CLOSED =
      "standard input is closed; pipe the YAML in (… | modelplane validate -) or name a file";

  /**
   * The first bytes of a HotSpot runtime image ({@code jimage}): the magic 0xCAFEDADA, written in
   * the platform's byte order.
   */
  private static final int IMAGE_MAGIC = 0xCAFEDADA;

  private static final int MAGIC_LENGTH = 4;

  private StandardInput() {}

  static InputStream open() throws IOException {
    return open(System.in);
  }

  /**
   * {@code in}, unread bytes included, or an {@link IOException} saying standard input is closed.
   */
  static InputStream open(InputStream in) throws IOException {
    PushbackInputStream peeked = new PushbackInputStream(neverClosed(in), MAGIC_LENGTH);
    byte[] head = new byte[MAGIC_LENGTH];
    int read;
    try {
      read = peeked.readNBytes(head, 0, MAGIC_LENGTH);
    } catch (IOException e) {
      throw new IOException(CLOSED, e);
    }
    if (read == MAGIC_LENGTH && isImageMagic(head)) {
      throw new IOException(CLOSED);
    }
    peeked.unread(head, 0, read);
    return peeked;
  }

  private static boolean isImageMagic(byte[] head) {
    int bigEndian =
        (head[0] & 0xff) << 24 | (head[1] & 0xff) << 16 | (head[2] & 0xff) << 8 | head[3] & 0xff;
    return bigEndian == IMAGE_MAGIC || Integer.reverseBytes(bigEndian) == IMAGE_MAGIC;
  }

  private static InputStream neverClosed(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public void close() {
        // Standard input belongs to the process: closing it would free descriptor 0 for the next
        // file opened, which is how a closed stdin turned into a crash.
      }
    };
  }
}
