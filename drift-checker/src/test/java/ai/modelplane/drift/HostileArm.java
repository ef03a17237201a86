package ai.modelplane.drift;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * An ARM and token endpoint that misbehaves the way a broken proxy or a hostile server would:
 * answers of any size streamed from a generator (never held in memory, so the server side does not
 * distort a memory measurement), and a certificate of the caller's choosing. WireMock buffers every
 * body it serves, hence this small JDK server.
 *
 * <p>{@code java -cp <test class path> ai.modelplane.drift.HostileArm BYTES} serves {@code
 * examples/minimal.yaml}'s cluster as a body of BYTES bytes and prints the URL, until stdin closes;
 * {@code untrusted} after it makes it present a certificate no trust store holds, {@code chunked}
 * leaves out the Content-Length.
 */
public final class HostileArm implements AutoCloseable {
  /** What the server writes for one request. */
  public interface Answer {
    void write(HttpExchange exchange, AtomicLong sent) throws IOException;
  }

  private final HttpsServer server;
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          runnable -> {
            Thread thread = new Thread(runnable, "hostile-arm");
            thread.setDaemon(true);
            return thread;
          });
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final AtomicLong sent = new AtomicLong();
  private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();
  private final AtomicLong handshakes = new AtomicLong();

  /**
   * @param keyStore a PKCS12 key store holding the server's key under {@link TestTls#PASSWORD}
   */
  public HostileArm(Path keyStore) {
    try {
      server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.setHttpsConfigurator(
          new HttpsConfigurator(serverContext(keyStore)) {
            // Called once for each incoming connection (HttpsConfigurator's contract), before its
            // handshake: one call per handshake, failed or not.
            @Override
            public void configure(HttpsParameters parameters) {
              handshakes.incrementAndGet();
              super.configure(parameters);
            }
          });
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalStateException("cannot start the hostile ARM server", e);
    }
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    answers.put(
        "/" + ArmStub.TENANT + "/oauth2/v2.0/token",
        json(
            200,
            "{\"token_type\":\"Bearer\",\"expires_in\":3599,\"ext_expires_in\":3599,\"access_token\":\""
                + ArmStub.ACCESS_TOKEN
                + "\"}"));
    server.start();
  }

  /** Trusted by {@link TestTls#clientContext()}. */
  public static HostileArm trusted() {
    TestTls.ensure();
    return new HostileArm(TestTls.KEY_STORE);
  }

  public String baseUrl() {
    return "https://localhost:" + server.getAddress().getPort();
  }

  public void answer(String path, Answer answer) {
    answers.put(path, answer);
  }

  /** Requests that reached the handler for {@code path} (a failed TLS handshake never does). */
  public long requestsTo(String path) {
    AtomicLong count = requests.get(path);
    return count == null ? 0 : count.get();
  }

  /**
   * TLS handshakes clients began, completed or not: a client that retries a failed handshake opens
   * one connection per attempt.
   */
  public long handshakes() {
    return handshakes.get();
  }

  /** Body bytes written so far, over every request. */
  public long bytesSent() {
    return sent.get();
  }

  public static Answer json(int status, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    return (exchange, sent) -> {
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
        sent.addAndGet(bytes.length);
      }
    };
  }

  /**
   * A 200 answer of {@code bytes} bytes: the start of an ARM object, then filler. With {@code
   * chunked} there is no Content-Length, so only counting the bytes read can stop a client.
   */
  public static Answer huge(long bytes, boolean chunked) {
    return (exchange, sent) -> {
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, chunked ? 0 : bytes);
      byte[] block = new byte[64 * 1024];
      Arrays.fill(block, (byte) 'a');
      byte[] start =
          "{\"name\":\"minimal\",\"properties\":{\"filler\":\"".getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(start, 0, block, 0, start.length);
      try (OutputStream out = exchange.getResponseBody()) {
        for (long left = bytes; left > 0; left -= block.length) {
          int length = (int) Math.min(block.length, left);
          out.write(block, 0, length);
          sent.addAndGet(length);
          if (block[0] == '{') {
            Arrays.fill(block, 0, start.length, (byte) 'a');
          }
        }
      }
    };
  }

  /**
   * A 200 answer without Content-Length that sends one byte every {@code interval}, {@code bytes}
   * of them: each read is quick, the whole body is not.
   */
  public static Answer trickle(java.time.Duration interval, int bytes) {
    return (exchange, sent) -> {
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, 0);
      try (OutputStream out = exchange.getResponseBody()) {
        for (int i = 0; i < bytes; i++) {
          out.write(i == 0 ? '{' : ' ');
          out.flush();
          sent.incrementAndGet();
          try {
            Thread.sleep(interval.toMillis());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
    };
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      in.readAllBytes();
    }
    String path = exchange.getRequestURI().getPath();
    requests.computeIfAbsent(path, key -> new AtomicLong()).incrementAndGet();
    Answer answer = answers.get(path);
    if (answer == null
        && path.endsWith("/maintenanceConfigurations/aksManagedAutoUpgradeSchedule")) {
      // The platform's Sunday windows, which every cluster without spec.maintenance has.
      answer = json(200, ArmStub.text(ArmStub.fixture("maintenance-auto-upgrade.json")));
    } else if (answer == null
        && path.endsWith("/maintenanceConfigurations/aksManagedNodeOSUpgradeSchedule")) {
      answer = json(200, ArmStub.text(ArmStub.fixture("maintenance-node-os.json")));
    }
    try {
      if (answer == null) {
        json(404, ArmStub.armError("ResourceNotFound", "not served by the hostile stand-in"))
            .write(exchange, sent);
      } else {
        answer.write(exchange, sent);
      }
    } catch (IOException clientWentAway) {
      // What a client that stops reading does; the count so far is the point of the test.
    } finally {
      exchange.close();
    }
  }

  private static SSLContext serverContext(Path keyStore)
      throws IOException, GeneralSecurityException {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      keys.load(in, TestTls.PASSWORD.toCharArray());
    }
    KeyManagerFactory factory =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    factory.init(keys, TestTls.PASSWORD.toCharArray());
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(factory.getKeyManagers(), null, null);
    return context;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  public static void main(String[] args) throws IOException {
    long bytes = Long.parseLong(args[0]);
    List<String> flags = List.of(args).subList(1, args.length);
    try (HostileArm arm =
        flags.contains("untrusted") ? new HostileArm(TestTls.untrustedKeyStore()) : trusted()) {
      arm.answer(DriftScenariosTest.MINIMAL_CLUSTER, huge(bytes, flags.contains("chunked")));
      arm.answer(
          DriftScenariosTest.MINIMAL_VNET,
          json(200, ArmStub.text(ArmStub.fixture("minimal-vnet.json"))));
      System.out.println(arm.baseUrl() + " " + TestTls.TRUST_STORE);
      System.in.read();
    }
  }
}
