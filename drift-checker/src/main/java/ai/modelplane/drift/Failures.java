package ai.modelplane.drift;

import com.azure.core.exception.ClientAuthenticationException;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.management.exception.ManagementException;
import com.azure.identity.CredentialUnavailableException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import reactor.core.Exceptions;

/**
 * Turns what the SDK threw into one line a person can act on. Messages carry ARM's error code and
 * message, never request headers or raw bodies; whatever a server echoed passes {@link Redactor} on
 * the way out.
 */
final class Failures {
  private static final int MAX_MESSAGE = 300;

  private Failures() {}

  static CheckFailure overallTimeout(Duration timeout) {
    return new CheckFailure(
        FailureKind.TIMEOUT, "the check did not finish within --timeout " + seconds(timeout));
  }

  /**
   * Several parallel reads of one cluster can fail at once; the most telling reason is reported (a
   * missing subscription explains a timeout, not the other way round), so the message does not
   * depend on which answer came first.
   */
  static CheckFailure classify(
      Throwable thrown, DriftSettings settings, URI armEndpoint, Redactor redactor) {
    CheckFailure failure =
        Exceptions.unwrapMultiple(Exceptions.unwrap(thrown)).stream()
            .map(error -> classifyOne(Exceptions.unwrap(error), settings, armEndpoint, redactor))
            .min(
                java.util.Comparator.comparing(CheckFailure::kind)
                    .thenComparing(CheckFailure::message))
            .orElseThrow();
    // Each quoted text was masked before it was cut to one line (a cut could split a secret);
    // masking the whole
    // again catches what only the joined message shows.
    return new CheckFailure(failure.kind(), redactor.redact(failure.message()));
  }

  /**
   * The one line that ends the run when an {@link Error} (out of memory, above all) was raised
   * while reading: the process is in no state to go on with the other clusters. Empty for ordinary
   * failures.
   */
  static Optional<String> runStopper(Throwable thrown, Redactor redactor) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof BoundedHttpClient.ClientFailure || cause instanceof Error) {
        String what =
            cause instanceof OutOfMemoryError
                ? "out of memory (" + reason(cause, redactor) + ")"
                : reason(cause, redactor);
        return Optional.of(
            "drift stopped: "
                + ServerText.printable(what)
                + (hasCause(cause, OutOfMemoryError.class)
                    ? "; give the JVM more heap (-Xmx) or check fewer clusters at once"
                    : ""));
      }
      for (Throwable suppressed : cause.getSuppressed()) {
        Optional<String> inner = runStopper(suppressed, redactor);
        if (inner.isPresent()) {
          return inner;
        }
      }
    }
    return Optional.empty();
  }

  private static CheckFailure classifyOne(
      Throwable error, DriftSettings settings, URI armEndpoint, Redactor redactor) {
    int attempts = settings.maxRetries() + 1;
    if (error instanceof RetryAfterLimitPolicy.ThrottledException throttled) {
      return new CheckFailure(FailureKind.THROTTLED, throttled.getMessage());
    }
    if (error instanceof GraphLiveReader.PagingException paging) {
      return new CheckFailure(FailureKind.AZURE_ERROR, paging.getMessage());
    }
    Optional<BoundedHttpClient.ResponseTooLargeException> tooLarge =
        cause(error, BoundedHttpClient.ResponseTooLargeException.class);
    if (tooLarge.isPresent()) {
      return new CheckFailure(FailureKind.AZURE_ERROR, tooLarge.get().getMessage());
    }
    if (ArmRetryStrategy.isTlsFailure(error)) {
      boolean signIn =
          hasCause(error, ClientAuthenticationException.class)
              || hasCause(error, CredentialUnavailableException.class);
      return new CheckFailure(
          FailureKind.NETWORK,
          "TLS handshake with "
              + (signIn ? "the sign-in endpoint" : "ARM at " + armEndpoint)
              + " failed, not retried: "
              + line(redactor, tlsReason(error))
              + "; if it uses a private CA, add it to the JVM's trust store (javax.net.ssl.trustStore)");
    }
    if (error instanceof CredentialUnavailableException
        || error instanceof ClientAuthenticationException) {
      return new CheckFailure(
          FailureKind.AUTHENTICATION, "no Azure token: " + line(redactor, error.getMessage()));
    }
    if (error instanceof ManagementException management) {
      return fromArm(
          management.getResponse().getStatusCode(),
          management.getValue() == null ? null : management.getValue().getCode(),
          management.getValue() == null ? null : management.getValue().getMessage(),
          attempts,
          redactor);
    }
    if (error instanceof HttpResponseException http) {
      int status = http.getResponse().getStatusCode();
      if (status < 400) {
        // A success whose body the SDK could not read (truncated, not JSON): not a refusal.
        return new CheckFailure(
            FailureKind.AZURE_ERROR,
            "ARM's answer (HTTP "
                + status
                + ") could not be read: "
                + line(redactor, http.getMessage()));
      }
      return fromArm(status, null, null, attempts, redactor);
    }
    if (error instanceof HttpTimeoutException
        || error instanceof TimeoutException
        || hasCause(error, HttpTimeoutException.class)) {
      return new CheckFailure(
          FailureKind.TIMEOUT,
          "no answer from ARM within "
              + seconds(settings.requestTimeout())
              + " per attempt ("
              + attempts
              + " attempts)");
    }
    if (error instanceof IOException || hasCause(error, IOException.class)) {
      return new CheckFailure(
          FailureKind.NETWORK,
          "cannot reach ARM at "
              + armEndpoint
              + " after "
              + attempts
              + " attempts: "
              + line(redactor, rootMessage(error)));
    }
    return new CheckFailure(
        FailureKind.AZURE_ERROR,
        "the Azure SDK failed reading the cluster: " + reason(error, redactor));
  }

  /**
   * What went wrong, in the words of whoever threw {@code error}; for an exception that carries no
   * message (a NullPointerException deep in the SDK) a sentence saying so, naming the exception
   * only in parentheses so that a report can quote it.
   */
  static String reason(Throwable error, Redactor redactor) {
    String message = error.getMessage();
    if (message == null || message.isBlank()) {
      return "an internal error that gave no reason (" + error.getClass().getSimpleName() + ")";
    }
    return line(redactor, message);
  }

  private static CheckFailure fromArm(
      int status, String code, String message, int attempts, Redactor redactor) {
    String detail =
        "HTTP "
            + status
            + (code == null ? "" : " " + code)
            + (message == null ? "" : ": " + line(redactor, message));
    if (status == 429) {
      return new CheckFailure(
          FailureKind.THROTTLED,
          "ARM still throttled the reads after " + attempts + " attempts (" + detail + ")");
    }
    if (status == 401 || status == 403) {
      return new CheckFailure(
          FailureKind.AUTHORIZATION,
          "ARM refused the read (" + detail + "); the identity needs the Reader role");
    }
    if ("SubscriptionNotFound".equals(code) || "InvalidSubscriptionId".equals(code)) {
      return new CheckFailure(
          FailureKind.SUBSCRIPTION_NOT_FOUND, "subscription not found (" + detail + ")");
    }
    if (status >= 500 || status == 408) {
      return new CheckFailure(
          FailureKind.AZURE_ERROR,
          "ARM kept failing after " + attempts + " attempts (" + detail + ")");
    }
    return new CheckFailure(FailureKind.AZURE_ERROR, "ARM refused the read (" + detail + ")");
  }

  private static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
    return cause(error, type).isPresent();
  }

  private static <T extends Throwable> Optional<T> cause(Throwable error, Class<T> type) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return Optional.of(type.cast(cause));
      }
    }
    return Optional.empty();
  }

  /**
   * What the JDK's TLS layer said (e.g. "PKIX path building failed: … unable to find valid
   * certification path").
   */
  private static String tlsReason(Throwable error) {
    return cause(error, javax.net.ssl.SSLException.class)
        .map(Throwable::getMessage)
        .filter(m -> m != null && !m.isBlank())
        .orElseGet(() -> rootMessage(error));
  }

  private static String rootMessage(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName()
        + (root.getMessage() == null ? "" : " " + root.getMessage());
  }

  /** The first line of text a server or the SDK wrote, without credentials. */
  static String line(Redactor redactor, String text) {
    return firstLine(redactor.redact(text));
  }

  static String firstLine(String text) {
    if (text == null || text.isBlank()) {
      return "no reason given";
    }
    String line = text.strip().lines().findFirst().orElse("").strip();
    return line.length() > MAX_MESSAGE ? line.substring(0, MAX_MESSAGE) + "…" : line;
  }

  static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0
        ? (millis / 1000) + " s"
        : String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
  }
}
