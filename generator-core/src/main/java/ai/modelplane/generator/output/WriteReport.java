package ai.modelplane.generator.output;

import java.util.List;

/**
 * What {@link OutputTree#write} did; see {@link TreeReport} for the lists.
 *
 * @param recovery what the write did about an interrupted run before its own changes
 */
public record WriteReport(
    List<String> written,
    List<String> unchanged,
    List<String> removed,
    List<String> editedByHand,
    Recovery recovery)
    implements TreeReport {
  public WriteReport {
    written = List.copyOf(written);
    unchanged = List.copyOf(unchanged);
    removed = List.copyOf(removed);
    editedByHand = List.copyOf(editedByHand);
  }
}
