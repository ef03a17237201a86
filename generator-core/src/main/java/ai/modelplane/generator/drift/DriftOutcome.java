package ai.modelplane.generator.drift;

/**
 * Result of a drift check, already rendered in the requested output format.
 *
 * @param status overall status; maps to exit codes 0 (in sync), 2 (drift) and 1 (could not check)
 * @param report the report text (table, JSON or markdown); never contains credentials
 */
public record DriftOutcome(Status status, String report) {
  public enum Status {
    IN_SYNC,
    DRIFT,
    FAILED
  }
}
