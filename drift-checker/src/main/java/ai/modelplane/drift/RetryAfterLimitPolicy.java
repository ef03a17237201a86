package ai.modelplane.drift;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The SDK honours {@code Retry-After} without a cap. When ARM asks to wait past the overall
 * deadline of the run, waiting is pointless: this policy turns that answer into a {@link
 * ThrottledException} at once, which the retry strategy does not retry.
 */
final class RetryAfterLimitPolicy implements HttpPipelinePolicy {
  static final String DEADLINE = "modelplane-deadline";
  private static final HttpHeaderName RETRY_AFTER_MS = HttpHeaderName.fromString("retry-after-ms");
  private static final HttpHeaderName X_MS_RETRY_AFTER_MS =
      HttpHeaderName.fromString("x-ms-retry-after-ms");

  private final Supplier<Instant> clock;

  RetryAfterLimitPolicy(Supplier<Instant> clock) {
    this.clock = clock;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    return next.process().map(response -> check(context, response));
  }

  @Override
  public HttpResponse processSync(
      HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    return check(context, next.processSync());
  }

  private HttpResponse check(HttpPipelineCallContext context, HttpResponse response) {
    int status = response.getStatusCode();
    if (status != 429 && status < 500) {
      return response;
    }
    Duration wait = retryAfter(response);
    Object deadline = context.getData(DEADLINE).orElse(null);
    if (wait != null && deadline instanceof Instant end && clock.get().plus(wait).isAfter(end)) {
      response.close();
      throw new ThrottledException(status, wait);
    }
    return response;
  }

  static Duration retryAfter(HttpResponse response) {
    for (HttpHeaderName millisHeader : new HttpHeaderName[] {RETRY_AFTER_MS, X_MS_RETRY_AFTER_MS}) {
      String millis = response.getHeaderValue(millisHeader);
      if (millis != null) {
        try {
          return Duration.ofMillis(Long.parseLong(millis.trim()));
        } catch (NumberFormatException ignored) {
          // fall through to Retry-After
        }
      }
    }
    String value = response.getHeaderValue(HttpHeaderName.RETRY_AFTER);
    if (value == null) {
      return null;
    }
    try {
      return Duration.ofSeconds(Long.parseLong(value.trim()));
    } catch (NumberFormatException notSeconds) {
      try {
        return Duration.between(
            Instant.now(),
            ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
      } catch (DateTimeParseException notDate) {
        return null;
      }
    }
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  /** ARM asked to wait longer than the run may take. */
  static final class ThrottledException extends RuntimeException {
    private final int status;
    private final Duration retryAfter;

    ThrottledException(int status, Duration retryAfter) {
      super(
          "ARM answered HTTP "
              + status
              + " and asked to retry after "
              + retryAfter.toSeconds()
              + " s, past the --timeout");
      this.status = status;
      this.retryAfter = retryAfter;
    }

    int status() {
      return status;
    }

    Duration retryAfter() {
      return retryAfter;
    }
  }
}
