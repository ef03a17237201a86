package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The reader takes every byte up to its limit, whatever the size and however the stream delivers
 * them.
 */
class BoundedReadTest {
  private static final int LIMIT = SafeYamlReader.MAX_BYTES + 1;

  private static byte[] bytes(int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 31 + 7);
    }
    return bytes;
  }

  /** Hands out at most 100 bytes per read, as pipes and sockets may. */
  private static InputStream trickling(byte[] bytes) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] buffer, int offset, int length) {
        return super.read(buffer, offset, Math.min(length, 100));
      }
    };
  }

  @ParameterizedTest
  @ValueSource(
      ints = {
        0,
        1,
        700,
        2047,
        2048,
        2049,
        4096,
        100_000,
        SafeYamlReader.MAX_BYTES,
        SafeYamlReader.MAX_BYTES + 1
      })
  void readsWholeInputsUpToTheLimit(int size) throws IOException {
    byte[] input = bytes(size);
    assertArrayEquals(input, InputText.readAtMost(new ByteArrayInputStream(input), LIMIT));
    assertArrayEquals(input, InputText.readAtMost(trickling(input), LIMIT));
  }

  @ParameterizedTest
  @ValueSource(ints = {SafeYamlReader.MAX_BYTES + 2, 1_000_000})
  void stopsAtTheLimit(int size) throws IOException {
    byte[] input = bytes(size);
    assertArrayEquals(
        Arrays.copyOf(input, LIMIT), InputText.readAtMost(new ByteArrayInputStream(input), LIMIT));
    assertArrayEquals(Arrays.copyOf(input, LIMIT), InputText.readAtMost(trickling(input), LIMIT));
  }
}
