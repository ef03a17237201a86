package ai.modelplane.drift;

import com.azure.core.util.Configuration;
import java.time.Duration;
import java.util.Optional;
import javax.net.ssl.SSLContext;

/**
 * Tuning the CLI and the Maven plugin never change; tests shorten the delays here instead of
 * weakening the production defaults.
 *
 * @param maxRetries retries after the first attempt, for 408, 429, 5xx and connection failures
 * @param retryBaseDelay first exponential back-off delay (ARM's {@code Retry-After} wins when
 *     present)
 * @param retryMaxDelay cap of the exponential back-off
 * @param requestTimeout per attempt: connect, wait for headers, read the body
 * @param configuration where {@code AZURE_*} variables are read from (the process environment by
 *     default)
 * @param sslContext trust for custom clouds with a private CA; empty uses the JVM default
 *     (javax.net.ssl.*)
 * @param maxResponseBytes largest answer read from ARM or the token endpoint; a larger one fails
 *     that read
 * @param maxGraphPageBytes largest Resource Graph page (up to 1000 rows of whole resources)
 */
public record DriftSettings(
    int maxRetries,
    Duration retryBaseDelay,
    Duration retryMaxDelay,
    Duration requestTimeout,
    Configuration configuration,
    Optional<SSLContext> sslContext,
    long maxResponseBytes,
    long maxGraphPageBytes) {

  /**
   * A managed cluster's GET is a few KB (5 KB for a two-pool cluster), a VNet's grows with its
   * subnets.
   */
  public static final long MAX_RESPONSE_BYTES = 4L * 1024 * 1024;

  /** A page holds up to 1000 whole resources, managed clusters with all their pools among them. */
  public static final long MAX_GRAPH_PAGE_BYTES = 64L * 1024 * 1024;

  /** Three retries from 0.8 s up to 10 s, 20 s per attempt: enough for ARM's usual hiccups. */
  public static DriftSettings defaults() {
    return new DriftSettings(
        3,
        Duration.ofMillis(800),
        Duration.ofSeconds(10),
        Duration.ofSeconds(20),
        Configuration.getGlobalConfiguration(),
        Optional.empty(),
        MAX_RESPONSE_BYTES,
        MAX_GRAPH_PAGE_BYTES);
  }

  /** These settings with other response limits (tests use small ones). */
  public DriftSettings withResponseLimits(long maxResponse, long maxGraphPage) {
    return new DriftSettings(
        maxRetries,
        retryBaseDelay,
        retryMaxDelay,
        requestTimeout,
        configuration,
        sslContext,
        maxResponse,
        maxGraphPage);
  }
}
