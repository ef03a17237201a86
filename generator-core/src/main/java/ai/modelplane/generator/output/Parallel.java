package ai.modelplane.generator.output;

import java.util.stream.IntStream;

/**
 * Runs an action over the indexes of a list, on every core for big lists: reading, hashing, staging
 * and moving files is most of a big run. Every index is attempted, so that nothing is still running
 * when a caller starts undoing; the failure of the lowest index (the first in path order, since
 * callers keep their lists sorted) is thrown once all are done.
 */
final class Parallel {
  /** Below this many items, one thread is faster than forking. */
  static final int THRESHOLD = 64;

  private Parallel() {}

  /** One item's work; {@code E} is the checked failure it may report. */
  interface IndexAction<E extends Exception> {
    void run(int index) throws E;
  }

  /**
   * Runs {@code action} for {@code 0 .. count - 1}.
   *
   * @throws E the failure of the lowest index that failed
   */
  static <E extends Exception> void forEachIndex(int count, IndexAction<E> action) throws E {
    Exception[] failures = new Exception[count];
    IntStream indexes = IntStream.range(0, count);
    if (count >= THRESHOLD) {
      indexes = indexes.parallel();
    }
    indexes.forEach(
        i -> {
          try {
            action.run(i);
          } catch (RuntimeException e) {
            throw e;
          } catch (Exception e) {
            failures[i] = e;
          }
        });
    for (Exception failure : failures) {
      if (failure != null) {
        throw Parallel.<E>asDeclared(failure);
      }
    }
  }

  /** Only {@code E} or unchecked exceptions reach the array, so the cast holds. */
  @SuppressWarnings("unchecked")
  private static <E extends Exception> E asDeclared(Exception failure) {
    return (E) failure;
  }
}
