package ai.modelplane.generator.load;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * The day validation judges Kubernetes versions against AKS's support calendar: today, unless the
 * environment variable {@value #AS_OF} names a day ({@code YYYY-MM-DD}). Pinning it keeps CI runs,
 * the Maven plugin's builds and this project's own tests reproducible when a version leaves
 * support.
 */
public final class SupportCalendarClock {
  public static final String AS_OF = "MODELPLANE_AS_OF";

  private SupportCalendarClock() {}

  public static Clock fromEnvironment() {
    return from(System.getenv());
  }

  /** A clock fixed at the start of {@code day} in UTC. */
  public static Clock on(LocalDate day) {
    return Clock.fixed(day.atStartOfDay(ZoneOffset.UTC).toInstant(), ZoneOffset.UTC);
  }

  static Clock from(Map<String, String> environment) {
    String day = environment.get(AS_OF);
    if (day == null || day.isBlank()) {
      return Clock.systemUTC();
    }
    try {
      return on(LocalDate.parse(day.trim()));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          AS_OF + " must be a day like 2026-11-29, not '" + day + "'", e);
    }
  }
}
