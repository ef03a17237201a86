package ai.modelplane.drift;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.CoreUtils;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** An answer {@link BoundedHttpClient} has already read, within the limit. */
final class BufferedResponse extends HttpResponse {
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
