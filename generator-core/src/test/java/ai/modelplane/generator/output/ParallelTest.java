package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelTest {
  @Test
  void everyIndexRunsAndTheLowestFailureIsThrown() {
    int count = Parallel.THRESHOLD * 8;
    AtomicIntegerArray runs = new AtomicIntegerArray(count);

    IOException e =
        assertThrows(
            IOException.class,
            () ->
                Parallel.forEachIndex(
                    count,
                    i -> {
                      runs.incrementAndGet(i);
                      if (i % 100 == 37) {
                        throw new IOException("failed at " + i);
                      }
                    }));

    assertEquals("failed at 37", e.getMessage());
    for (int i = 0; i < count; i++) {
      assertEquals(1, runs.get(i), "index " + i);
    }
  }
}
