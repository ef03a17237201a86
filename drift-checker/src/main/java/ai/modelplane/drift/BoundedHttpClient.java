package ai.modelplane.drift;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.Context;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Every HTTP exchange of a run, ARM reads and token requests alike, goes through here: the body is
 * read by this class, never more than the limit, and never held twice.
 *
 * <p>The SDK asks its HTTP client to read whole bodies up front ({@code
 * azure-eagerly-read-response}, set by RestProxy for every non-streaming return type); the JDK
 * client then collects any size into a byte array, so a 100 MB answer cost about 0.5 GB and a 300
 * MB one ran out of memory on the client's threads. Here the flag is switched off, the body is
 * streamed, counted chunk by chunk, and the exchange is cancelled (the connection dropped) as soon
 * as it passes the limit. (Keys: {@code com.azure.core.implementation.util.HttpUtils} in azure-core
 * 1.57.0; {@code JdkHttpClient#send} in azure-core-http-jdk-httpclient 1.0.5 reads them.)
 *
 * <p>An {@link Error} while reading (out of memory, above all) becomes a {@link ClientFailure}:
 * Reactor rethrows JVM-fatal errors on the thread that raised them, where nobody waits for them,
 * instead of passing them on.
 *
 * <p>Each exchange, headers and body, must also be over within the per-attempt timeout. The HTTP
 * client's own timeouts bound the wait for the headers and each single read, so a server that sends
 * a byte now and then (a trickling body) would hold an attempt until the run's overall timeout.
 * Past the deadline the exchange is cancelled (the connection dropped) and fails with an {@link
 * HttpTimeoutException}, which the retry strategy retries like any other per-attempt timeout.
 *
 * <p>{@link BoundedBody} counts and holds a body as it arrives; {@link BufferedResponse} hands it
 * on.
 */
final class BoundedHttpClient implements HttpClient {
  private static final String EAGERLY_READ = "azure-eagerly-read-response";
  private static final String IGNORE_BODY = "azure-ignore-response-body";
  static final String GRAPH_PATH = "/providers/Microsoft.ResourceGraph/resources";

  private final HttpClient delegate;
  private final long maxBytes;
  private final long maxGraphPageBytes;
  private final Duration perAttempt;

  BoundedHttpClient(
      HttpClient delegate, long maxBytes, long maxGraphPageBytes, Duration perAttempt) {
    this.delegate = delegate;
    this.maxBytes = maxBytes;
    this.maxGraphPageBytes = maxGraphPageBytes;
    this.perAttempt = perAttempt;
  }

  @Override
  public Mono<HttpResponse> send(HttpRequest request) {
    return send(request, Context.NONE);
  }

  @Override
  public Mono<HttpResponse> send(HttpRequest request, Context context) {
    long limit = limitFor(request);
    return Mono.defer(() -> delegate.send(request, streamed(context)))
        .flatMap(
            response -> {
              BoundedBody body;
              try {
                body = BoundedBody.start(request, response, limit);
              } catch (RuntimeException | Error e) {
                response.close();
                return Mono.error(failure(request, e));
              }
              return response
                  .getBody()
                  .doOnNext(chunk -> body.append(chunk))
                  .then(Mono.fromCallable(body::finish))
                  .doFinally(signal -> response.close());
            })
        .timeout(perAttempt, Mono.error(() -> tooSlow(request)))
        .onErrorMap(Error.class, error -> failure(request, error));
  }

  @Override
  public HttpResponse sendSync(HttpRequest request, Context context) {
    long limit = limitFor(request);
    long deadline = System.nanoTime() + perAttempt.toNanos();
    try {
      HttpResponse response = delegate.sendSync(request, streamed(context));
      try (response) {
        BoundedBody body = BoundedBody.start(request, response, limit);
        long left = deadline - System.nanoTime();
        AtomicBoolean expired = new AtomicBoolean(left <= 0);
        // Closing the response wakes the read blocked on its stream; the flag tells that apart
        // from a body that ended.
        Disposable watchdog =
            expired.get()
                ? Disposables.disposed()
                : Schedulers.parallel()
                    .schedule(
                        () -> {
                          expired.set(true);
                          response.close();
                        },
                        left,
                        TimeUnit.NANOSECONDS);
        try {
          if (!expired.get()) {
            // The client copies its body stream into the channel chunk by chunk; append stops it
            // at the limit.
            response.writeBodyTo(body);
          }
        } catch (IOException e) {
          if (!expired.get()) {
            throw new UncheckedIOException(e);
          }
        } finally {
          watchdog.dispose();
        }
        if (expired.get()) {
          throw new UncheckedIOException(tooSlow(request));
        }
        return body.finish();
      }
    } catch (Error e) {
      throw failure(request, e);
    }
  }

  private HttpTimeoutException tooSlow(HttpRequest request) {
    return new HttpTimeoutException(
        "the answer to "
            + describe(request)
            + " did not arrive whole within "
            + Failures.seconds(perAttempt)
            + " (per attempt)");
  }

  private long limitFor(HttpRequest request) {
    return request.getUrl().getPath().endsWith(GRAPH_PATH) ? maxGraphPageBytes : maxBytes;
  }

  /**
   * The caller's context, except that the client streams the body instead of buffering it
   * unbounded.
   */
  private static Context streamed(Context context) {
    return context.addData(EAGERLY_READ, false).addData(IGNORE_BODY, false);
  }

  private static RuntimeException failure(HttpRequest request, Throwable error) {
    if (error instanceof Error fatal) {
      return new ClientFailure(describe(request), fatal);
    }
    return (RuntimeException) error;
  }

  /**
   * Method and path, never the query (skip tokens) nor the host's credentials: enough to say which
   * read it was.
   */
  static String describe(HttpRequest request) {
    return request.getHttpMethod() + " " + request.getUrl().getPath();
  }

  /** An answer larger than the limit; not retried (the next attempt would be as large). */
  static final class ResponseTooLargeException extends RuntimeException {
    ResponseTooLargeException(String request, long limit, long declared) {
      super(
          "the answer to "
              + request
              + " is larger than the limit of "
              + size(limit)
              + (declared < 0
                  ? "; reading stopped there"
                  : " (Content-Length " + size(declared) + "); it was not read"),
          null,
          false,
          false);
    }
  }

  /** An {@link Error} raised while a response was being read, carried as an ordinary exception. */
  static final class ClientFailure extends RuntimeException {
    ClientFailure(String request, Error cause) {
      super(
          cause.getClass().getSimpleName()
              + (cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")")
              + " in the HTTP client while reading "
              + request,
          cause,
          false,
          false);
    }
  }

  static String size(long bytes) {
    if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) == 0) {
      return bytes / (1024 * 1024) + " MiB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0) {
      return bytes / 1024 + " KiB";
    }
    return String.format(Locale.ROOT, "%,d bytes", bytes);
  }
}
