package ai.modelplane.generator.diagnostic;

/** Where core reports progress; each adapter routes it to its own log (stderr, Maven's Log). */
@FunctionalInterface
public interface ProgressListener {
  ProgressListener SILENT = message -> {};

  /** One line of progress, already phrased for users. */
  void info(String message);

  /**
   * One line the user sees even when progress is not shown: a choice the run made for them (such as
   * the targets a check took from the output folder's manifest). Progress by default.
   */
  default void notice(String message) {
    info(message);
  }
}
