package ai.modelplane.drift;

import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.ExponentialBackoff;
import com.azure.core.http.policy.RequestRetryCondition;
import com.azure.core.http.policy.RetryStrategy;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * Exponential back-off for the transient answers of ARM (408, 429, 500, 502, 503, 504) and for connection
 * failures and per-attempt timeouts. The SDK's {@code RetryPolicy} around it honours {@code Retry-After};
 * {@link RetryAfterLimitPolicy} refuses waits longer than the time left.
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
      return status == 408 || status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
    }
    Throwable error = condition.getThrowable();
    return error instanceof IOException || error instanceof TimeoutException;
  }
}
