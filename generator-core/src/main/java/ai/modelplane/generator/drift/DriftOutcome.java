package ai.modelplane.generator.drift;

import java.util.List;

/**
 * Result of a drift check, already rendered in the requested output format.
 *
 * @param status overall status; maps to exit codes 0 (in sync), 2 (drift) and 1 (could not check)
 * @param report the report text (table, JSON or markdown) for standard output; empty when the check
 *     could not start; never contains credentials
 * @param errors problems that stopped the check before any cluster was read (invalid YAML as {@code
 *     FILE:LINE:COLUMN: error: …} diagnostics, unusable options), one line each, for the error
 *     stream
 */
public record DriftOutcome(Status status, String report, List<String> errors) {
  public enum Status {
    IN_SYNC,
    DRIFT,
    FAILED
  }

  public DriftOutcome {
    errors = List.copyOf(errors);
  }

  public DriftOutcome(Status status, String report) {
    this(status, report, List.of());
  }

  /** The check could not start. */
  public static DriftOutcome failed(List<String> errors) {
    return new DriftOutcome(Status.FAILED, "", errors);
  }
}
