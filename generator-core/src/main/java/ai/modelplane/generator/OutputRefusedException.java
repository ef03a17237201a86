package ai.modelplane.generator;

import java.io.IOException;
import java.util.List;

/**
 * The output folder was not changed: another run holds it, or writing would overwrite or remove a
 * file the generator does not own (or, without {@code force}, one edited by hand). The message is
 * the cause's own.
 */
public final class OutputRefusedException extends IOException {
  /**
   * One file in the way.
   *
   * @param description the path and why it blocks the run
   * @param handEdit whether it is a generated file edited by hand, which {@code force} overwrites
   */
  public record Conflict(String description, boolean handEdit) {}

  private final transient List<Conflict> conflicts;

  OutputRefusedException(IOException cause, List<Conflict> conflicts) {
    super(cause.getMessage(), cause);
    this.conflicts = List.copyOf(conflicts);
  }

  /** The files in the way; empty when another run holds the folder. */
  public List<Conflict> conflicts() {
    return conflicts;
  }
}
