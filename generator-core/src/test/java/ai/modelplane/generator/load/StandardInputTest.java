package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Closed standard input, told from the stream alone (no {@code /proc}, the same on every platform):
 * a descriptor 0 the JVM reused for its runtime image, or a read that fails.
 */
class StandardInputTest {
  @Test
  void theRuntimeImageOnDescriptorZeroIsClosedStandardInput() {
    // lib/modules as HotSpot writes it on a little-endian machine, and on a big-endian one.
    for (byte[] image :
        new byte[][] {
          {(byte) 0xda, (byte) 0xda, (byte) 0xfe, (byte) 0xca, 0, 0, 1, 0},
          {(byte) 0xca, (byte) 0xfe, (byte) 0xda, (byte) 0xda, 0, 1, 0, 0}
        }) {
      IOException e =
          assertThrows(
              IOException.class, () -> StandardInput.open(new ByteArrayInputStream(image)));
      assertEquals(StandardInput.CLOSED, e.getMessage());
    }
  }

  @Test
  void aReadThatFailsIsClosedStandardInput() {
    InputStream badDescriptor =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("Bad file descriptor");
          }
        };
    IOException e = assertThrows(IOException.class, () -> StandardInput.open(badDescriptor));
    assertEquals(StandardInput.CLOSED, e.getMessage());
  }

  @Test
  void yamlAndShortInputsAreReadWhole() throws IOException {
    for (String text : new String[] {"", "a", "abc", "kind: AKSCluster\n"}) {
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      assertArrayEquals(
          bytes, StandardInput.open(new ByteArrayInputStream(bytes)).readAllBytes(), text);
    }
  }

  @Test
  void closingTheReaderLeavesStandardInputOpen() throws IOException {
    boolean[] closed = {false};
    InputStream in =
        new ByteArrayInputStream(new byte[] {'a'}) {
          @Override
          public void close() {
            closed[0] = true;
          }
        };
    StandardInput.open(in).close();
    assertEquals(false, closed[0]);
  }
}
