package ai.modelplane.generator.output;

import java.io.IOException;
import java.util.List;

/** Writing would lose someone's work; nothing was written. Lists every conflict, sorted by path. */
public final class OutputConflictException extends IOException {
  private final List<OutputConflict> conflicts;

  public OutputConflictException(String root, List<OutputConflict> conflicts) {
    super(message(root, conflicts));
    this.conflicts = List.copyOf(conflicts);
  }

  public List<OutputConflict> conflicts() {
    return conflicts;
  }

  private static String message(String root, List<OutputConflict> conflicts) {
    String first = conflicts.get(0).describe(root);
    return conflicts.size() == 1
        ? first
        : first + " (and " + (conflicts.size() - 1) + " more conflict(s))";
  }
}
