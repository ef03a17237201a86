package ai.modelplane.drift;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;

/**
 * A body being read for {@link BoundedHttpClient}: grows up to the limit, in one array, and fails
 * the read as soon as it passes it.
 */
final class BoundedBody implements WritableByteChannel {
  private final HttpRequest request;
  private final HttpResponse response;
  private final long limit;
  private byte[] bytes;
  private int length;

  private BoundedBody(HttpRequest request, HttpResponse response, long limit, int expected) {
    this.request = request;
    this.response = response;
    // One array holds the body: no limit above what an array can hold.
    this.limit = Math.min(limit, Integer.MAX_VALUE - 8);
    this.bytes = new byte[expected];
  }

  static BoundedBody start(HttpRequest request, HttpResponse response, long limit) {
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
      throw new BoundedHttpClient.ResponseTooLargeException(
          BoundedHttpClient.describe(request), limit, expected);
    }
    return new BoundedBody(
        request, response, limit, (int) Math.max(0, Math.min(expected, 64 * 1024)));
  }

  void append(ByteBuffer chunk) {
    try {
      int size = chunk.remaining();
      if ((long) length + size > limit) {
        bytes = null;
        throw new BoundedHttpClient.ResponseTooLargeException(
            BoundedHttpClient.describe(request), limit, -1);
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
      throw new BoundedHttpClient.ClientFailure(BoundedHttpClient.describe(request), e);
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
