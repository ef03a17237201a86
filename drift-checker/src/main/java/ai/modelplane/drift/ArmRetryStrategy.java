package ai.modelplane.drift;

import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.ExponentialBackoff;
import com.azure.core.http.policy.RequestRetryCondition;
import com.azure.core.http.policy.RetryStrategy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Exponential back-off for the transient answers of ARM (408, 429, 500, 502, 503, 504) and for
 * connection failures and per-attempt timeouts, but not for TLS failures. Token requests use it
 * too. The SDK's {@code RetryPolicy} around it honours {@code Retry-After}; {@link
 * RetryAfterLimitPolicy} refuses waits longer than the time left.
 */
final class ArmRetryStrategy implements RetryStrategy {
  private final ExponentialBackoff backoff;
  private final int maxRetries;

  ArmRetryStrategy(int maxRetries, Duration baseDelay, Duration maxDelay) {
    this.maxRetries = maxRetries;
    this.backoff = new ExponentialBackoff(maxRetries, baseDelay, maxDelay);
  }

  @Override
  public int getMaxRetries() {
    return maxRetries;
  }

  @Override
  public Duration calculateRetryDelay(int retryAttempts) {
    return backoff.calculateRetryDelay(retryAttempts);
  }

  @Override
  public boolean shouldRetryCondition(RequestRetryCondition condition) {
    HttpResponse response = condition.getResponse();
    if (response != null) {
      int status = response.getStatusCode();
      return status == 408
          || status == 429
          || status == 500
          || status == 502
          || status == 503
          || status == 504;
    }
    Throwable error = condition.getThrowable();
    if (error instanceof UncheckedIOException unchecked) {
      // The JDK client's synchronous send (Resource Graph, token requests) wraps its IOException.
      error = unchecked.getCause();
    }
    if (isTlsFailure(error)) {
      return false;
    }
    return error instanceof IOException || error instanceof TimeoutException;
  }

  /**
   * An untrusted or wrong certificate fails the same way on every attempt; retrying it only delays
   * the answer (with the SDK's default strategy on the token requests too, that was about a
   * minute).
   */
  static boolean isTlsFailure(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof SSLHandshakeException
          || cause instanceof SSLPeerUnverifiedException
          || cause instanceof CertificateException
          || cause instanceof CertPathValidatorException) {
        return true;
      }
    }
    return false;
  }
}
