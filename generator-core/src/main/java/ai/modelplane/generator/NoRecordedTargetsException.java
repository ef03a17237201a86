package ai.modelplane.generator;

/**
 * A check or a diff was asked to take its targets from an output folder's manifest, and there is
 * none, or it lists no generated file. Thrown before anything is read; each adapter adds how to
 * name the targets instead.
 */
public final class NoRecordedTargetsException extends IllegalStateException {
  NoRecordedTargetsException(String message) {
    super(message);
  }
}
