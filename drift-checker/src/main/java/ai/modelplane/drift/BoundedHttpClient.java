package ai.modelplane.drift;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.core.util.CoreUtils;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Locale;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

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
 */
final class BoundedHttpClient implements HttpClient {
  private static final String EAGERLY_READ = "azure-eagerly-read-response";
  private static final String IGNORE_BODY = "azure-ignore-response-body";
  static final String GRAPH_PATH = "/providers/Microsoft.ResourceGraph/resources";

  private final HttpClient delegate;
  private final long maxBytes;
  private final long maxGraphPageBytes;

  BoundedHttpClient(HttpClient delegate, long maxBytes, long maxGraphPageBytes) {
    this.delegate = delegate;
    this.maxBytes = maxBytes;
    this.maxGraphPageBytes = maxGraphPageBytes;
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
              Body body;
              try {
                body = Body.start(request, response, limit);
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
        .onErrorMap(Error.class, error -> failure(request, error));
  }

  @Override
  public HttpResponse sendSync(HttpRequest request, Context context) {
    long limit = limitFor(request);
    try {
      HttpResponse response = delegate.sendSync(request, streamed(context));
      try (response) {
        Body body = Body.start(request, response, limit);
        try {
          // The client copies its body stream into the channel chunk by chunk; append stops it at
          // the limit.
          response.writeBodyTo(body);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return body.finish();
      }
    } catch (Error e) {
      throw failure(request, e);
    }
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

  /** A body being read: grows up to the limit, in one array. */
  private static final class Body implements WritableByteChannel {
    private final HttpRequest request;
    private final HttpResponse response;
    private final long limit;
    private byte[] bytes;
    private int length;

    private Body(HttpRequest request, HttpResponse response, long limit, int expected) {
      this.request = request;
      this.response = response;
      // One array holds the body: no limit above what an array can hold.
      this.limit = Math.min(limit, Integer.MAX_VALUE - 8);
      this.bytes = new byte[expected];
    }

    static Body start(HttpRequest request, HttpResponse response, long limit) {
      String declared = response.getHeaderValue(HttpHeaderName.CONTENT_LENGTH);
      long expected = 0;
      if (declared != null) {
        try {
          expected = Long.parseLong(declared.trim());
        } catch (NumberFormatException ignored) {
          // counted as it arrives, like a chunked body
        }
      }
      if (expected > limit) {
        throw new ResponseTooLargeException(describe(request), limit, expected);
      }
      return new Body(request, response, limit, (int) Math.max(0, Math.min(expected, 64 * 1024)));
    }

    void append(ByteBuffer chunk) {
      try {
        int size = chunk.remaining();
        if ((long) length + size > limit) {
          bytes = null;
          throw new ResponseTooLargeException(describe(request), limit, -1);
        }
        if (length + size > bytes.length) {
          bytes =
              Arrays.copyOf(
                  bytes,
                  (int) Math.min(limit, Math.max((long) bytes.length * 2, (long) length + size)));
        }
        chunk.get(bytes, length, size);
        length += size;
      } catch (Error e) {
        bytes = null;
        throw new ClientFailure(describe(request), e);
      }
    }

    @Override
    public int write(ByteBuffer chunk) {
      int size = chunk.remaining();
      append(chunk);
      return size;
    }

    @Override
    public boolean isOpen() {
      return bytes != null;
    }

    @Override
    public void close() {}

    HttpResponse finish() {
      return new BufferedResponse(
          request,
          response.getStatusCode(),
          response.getHeaders(),
          length == bytes.length ? bytes : Arrays.copyOf(bytes, length));
    }
  }

  /** An answer already read, within the limit. */
  private static final class BufferedResponse extends HttpResponse {
    private final int status;
    private final HttpHeaders headers;
    private final byte[] body;

    BufferedResponse(HttpRequest request, int status, HttpHeaders headers, byte[] body) {
      super(request);
      this.status = status;
      this.headers = headers;
      this.body = body;
    }

    @Override
    public int getStatusCode() {
      return status;
    }

    @Override
    @Deprecated
    public String getHeaderValue(String name) {
      return headers.getValue(HttpHeaderName.fromString(name));
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }

    @Override
    public Flux<ByteBuffer> getBody() {
      return Flux.defer(() -> Flux.just(ByteBuffer.wrap(body).asReadOnlyBuffer()));
    }

    @Override
    public BinaryData getBodyAsBinaryData() {
      return BinaryData.fromBytes(body);
    }

    @Override
    public Mono<byte[]> getBodyAsByteArray() {
      return Mono.just(body);
    }

    @Override
    public Mono<String> getBodyAsString() {
      return Mono.fromSupplier(
          () -> CoreUtils.bomAwareToString(body, headers.getValue(HttpHeaderName.CONTENT_TYPE)));
    }

    @Override
    public Mono<String> getBodyAsString(Charset charset) {
      return Mono.fromSupplier(() -> new String(body, charset));
    }

    @Override
    public Mono<InputStream> getBodyAsInputStream() {
      return Mono.fromSupplier(() -> new ByteArrayInputStream(body));
    }

    @Override
    public HttpResponse buffer() {
      return this;
    }
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
