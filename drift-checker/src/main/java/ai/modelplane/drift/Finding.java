package ai.modelplane.drift;

import java.util.Comparator;
import java.util.Objects;

/**
 * One difference between the YAML and live Azure.
 *
 * @param path the {@code spec.…} path in the YAML that owns the value
 * @param azureProperty where the live value sits in ARM, e.g. {@code
 *     agentPoolProfiles[gpuh100].vmSize}
 * @param severity how urgent it is
 * @param kind missing, unexpected or changed
 * @param desired what the YAML (after defaults and naming) asks for; {@code (absent)} when it asks
 *     for nothing
 * @param live what Azure has; {@code (absent)} when it has nothing
 */
public record Finding(
    String path,
    String azureProperty,
    DriftSeverity severity,
    FindingKind kind,
    String desired,
    String live) {
  public static final String ABSENT = "(absent)";

  /** Most urgent first, then by path, so reports never depend on the order calls returned in. */
  public static final Comparator<Finding> ORDER =
      Comparator.comparing(Finding::severity)
          .thenComparing(Finding::path)
          .thenComparing(Finding::azureProperty)
          .thenComparing(Finding::desired)
          .thenComparing(Finding::live);

  public Finding {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(azureProperty, "azureProperty");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(kind, "kind");
    desired = desired == null ? ABSENT : desired;
    live = live == null ? ABSENT : live;
  }

  static Finding changed(
      String path, String azureProperty, DriftSeverity severity, Object desired, Object live) {
    return new Finding(
        path, azureProperty, severity, FindingKind.CHANGED, text(desired), text(live));
  }

  static Finding missing(
      String path, String azureProperty, DriftSeverity severity, Object desired) {
    return new Finding(path, azureProperty, severity, FindingKind.MISSING, text(desired), ABSENT);
  }

  static Finding unexpected(
      String path, String azureProperty, DriftSeverity severity, Object live) {
    return new Finding(path, azureProperty, severity, FindingKind.UNEXPECTED, ABSENT, text(live));
  }

  private static String text(Object value) {
    return value == null ? ABSENT : value.toString();
  }
}
