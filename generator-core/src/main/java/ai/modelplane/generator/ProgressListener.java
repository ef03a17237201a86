package ai.modelplane.generator;

/** Where core reports progress; each adapter routes it to its own log (stderr, Maven's Log). */
@FunctionalInterface
public interface ProgressListener {
  ProgressListener SILENT = message -> {};

  /** One line of progress, already phrased for users. */
  void info(String message);
}
