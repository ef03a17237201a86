package ai.modelplane.drift;

import com.azure.core.util.Configuration;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * Tuning the CLI and the Maven plugin never change; tests shorten the delays here instead of weakening the
 * production defaults.
 *
 * @param maxRetries retries after the first attempt, for 408, 429, 5xx and connection failures
 * @param retryBaseDelay first exponential back-off delay (ARM's {@code Retry-After} wins when present)
 * @param retryMaxDelay cap of the exponential back-off
 * @param requestTimeout per attempt: connect, wait for headers, read the body
 * @param configuration where {@code AZURE_*} variables are read from (the process environment by default)
 * @param sslContext trust for custom clouds with a private CA; empty uses the JVM default (javax.net.ssl.*)
 */
public record DriftSettings(
    int maxRetries,
    Duration retryBaseDelay,
    Duration retryMaxDelay,
    Duration requestTimeout,
    Configuration configuration,
    Optional<SSLContext> sslContext) {

  /** Three retries from 0.8 s up to 10 s, 20 s per attempt: enough for ARM's usual hiccups. */
  public static DriftSettings defaults() {
    return new DriftSettings(
        3, Duration.ofMillis(800), Duration.ofSeconds(10), Duration.ofSeconds(20),
        Configuration.getGlobalConfiguration(), Optional.empty());
  }
}
