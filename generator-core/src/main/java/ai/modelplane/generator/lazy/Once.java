package ai.modelplane.generator.lazy;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * A value computed at most once, by whichever thread asks first; a thread asking while another
 * computes it waits for that result instead of computing it again. A failure is kept and thrown to
 * every caller, as it was thrown by the computation.
 */
public final class Once<T> {
  private final FutureTask<T> task;

  public Once(Callable<T> computation) {
    this.task = new FutureTask<>(computation);
  }

  public T get() {
    task.run(); // does nothing when another thread has already run it or is running it
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          "interrupted while waiting for a value another thread computes", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
