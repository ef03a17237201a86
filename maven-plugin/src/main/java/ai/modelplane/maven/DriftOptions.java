package ai.modelplane.maven;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.apache.maven.plugin.MojoFailureException;

/** Parses the drift goal's text options the way the CLI does. */
final class DriftOptions {
  private DriftOptions() {}

  /** {@code PT5M}, or a whole number followed by {@code s}, {@code m} or {@code h}. */
  /** {@code <armEndpoint>} as a URL; empty when unset. */
  static java.util.Optional<java.net.URI> armEndpoint(String armEndpoint)
      throws MojoFailureException {
    if (armEndpoint == null || armEndpoint.isBlank()) {
      return java.util.Optional.empty();
    }
    try {
      return java.util.Optional.of(new java.net.URI(armEndpoint.trim()));
    } catch (java.net.URISyntaxException e) {
      throw new MojoFailureException(
          "Set <armEndpoint> (-Dmodelplane.armEndpoint) to a URL: " + e.getMessage());
    }
  }

  static Duration duration(String text) throws MojoFailureException {
    String value = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (value.startsWith("pt")) {
        return positive(Duration.parse(value), text);
      }
      if (value.matches("[0-9]{1,9}[smh]")) {
        long amount = Long.parseLong(value.substring(0, value.length() - 1));
        return positive(
            switch (value.charAt(value.length() - 1)) {
              case 's' -> Duration.ofSeconds(amount);
              case 'm' -> Duration.ofMinutes(amount);
              default -> Duration.ofHours(amount);
            },
            text);
      }
    } catch (DateTimeParseException e) {
      // falls through to the message below
    }
    throw invalid(text);
  }

  private static Duration positive(Duration duration, String text) throws MojoFailureException {
    if (duration.isNegative() || duration.isZero()) {
      throw invalid(text);
    }
    return duration;
  }

  private static MojoFailureException invalid(String text) {
    return new MojoFailureException(
        "Set <timeout> (-Dmodelplane.timeout) to a duration such as 90s, 5m, 1h or PT5M, not '"
            + text
            + "'");
  }
}
