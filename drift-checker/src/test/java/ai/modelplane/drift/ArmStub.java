package ai.modelplane.drift;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A local HTTPS stand-in for ARM and for the Entra ID token endpoint, serving ARM-shaped JSON.
 * Tests start and stop it; {@link #reset()} clears stubs and the request journal between tests.
 *
 * <p>A test class shares one with {@code @RegisterExtension static final ArmStub stub = new
 * ArmStub();}: it is then reset before each test and stopped after the last.
 */
public final class ArmStub implements AutoCloseable, BeforeEachCallback, AfterAllCallback {
  public static final String SUBSCRIPTION = "00000000-0000-0000-0000-000000000001";
  public static final String TENANT = "11111111-1111-1111-1111-111111111111";
  public static final String CLIENT_ID = "22222222-2222-2222-2222-222222222222";
  public static final String CLIENT_SECRET = "client-secret-must-never-be-printed";
  public static final String ACCESS_TOKEN = "access-token-must-never-be-printed";
  public static final String FEATURE_PATH =
      "/subscriptions/"
          + SUBSCRIPTION
          + "/providers/Microsoft.Features/providers/Microsoft.ContainerService/features/AKSInfinibandSupport";
  public static final String GRAPH_PATH = "/providers/Microsoft.ResourceGraph/resources";

  private static final ObjectMapper JSON = new ObjectMapper();
  private final WireMockServer server;

  public ArmStub() {
    this(0);
  }

  /**
   * @param latencyMillis added to every ARM answer (for timing runs; tests use 0)
   */
  public ArmStub(int latencyMillis) {
    TestTls.ensure();
    server =
        new WireMockServer(
            wireMockConfig()
                .httpDisabled(true)
                .dynamicHttpsPort()
                .keystorePath(TestTls.KEY_STORE.toString())
                .keystorePassword(TestTls.PASSWORD)
                .keyManagerPassword(TestTls.PASSWORD)
                .keystoreType("PKCS12")
                .containerThreads(64)
                .asynchronousResponseEnabled(true)
                .asynchronousResponseThreads(16));
    server.start();
    if (latencyMillis > 0) {
      server.setGlobalFixedDelay(latencyMillis);
    }
    reset();
  }

  public String baseUrl() {
    return "https://localhost:" + server.httpsPort();
  }

  public void reset() {
    server.resetAll();
    server.stubFor(
        post(urlPathMatching("/[^/]+/oauth2/v2\\.0/token"))
            .willReturn(
                json(
                    200,
                    "{\"token_type\":\"Bearer\",\"expires_in\":3599,\"ext_expires_in\":3599,\"access_token\":\""
                        + ACCESS_TOKEN
                        + "\"}")));
    // Every cluster without spec.maintenance has the platform's two Sunday windows; a test
    // overrides one (a higher priority stub) to see a moved or missing window.
    server.stubFor(
        get(urlPathMatching(".*/maintenanceConfigurations/aksManagedAutoUpgradeSchedule"))
            .atPriority(10)
            .willReturn(json(200, text(fixture("maintenance-auto-upgrade.json")))));
    server.stubFor(
        get(urlPathMatching(".*/maintenanceConfigurations/aksManagedNodeOSUpgradeSchedule"))
            .atPriority(10)
            .willReturn(json(200, text(fixture("maintenance-node-os.json")))));
  }

  public void stub(MappingBuilder mapping) {
    server.stubFor(mapping);
  }

  public WireMockServer server() {
    return server;
  }

  /** Requests that reached the ARM side (everything except the token endpoint). */
  public long armRequests() {
    return server.getAllServeEvents().stream().filter(event -> !isToken(event)).count();
  }

  public long requestsTo(String path) {
    return server.getAllServeEvents().stream()
        .filter(event -> event.getRequest().getUrl().split("\\?")[0].equals(path))
        .count();
  }

  public long tokenRequests() {
    return server.findAll(postRequestedFor(urlPathMatching("/[^/]+/oauth2/v2\\.0/token"))).size();
  }

  public List<String> unmatched() {
    return server.findAllUnmatchedRequests().stream()
        .map(r -> r.getMethod() + " " + r.getUrl())
        .toList();
  }

  private static boolean isToken(ServeEvent event) {
    return event.getRequest().getUrl().contains("/oauth2/v2.0/token");
  }

  public void getReturns(String path, int status, String body) {
    server.stubFor(get(urlPathEqualTo(path)).willReturn(json(status, body)));
  }

  public static ResponseDefinitionBuilder json(int status, String body) {
    return aResponse()
        .withStatus(status)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withBody(body);
  }

  public static String armError(String code, String message) {
    return "{\"error\":{\"code\":\"" + code + "\",\"message\":\"" + message + "\"}}";
  }

  public static String clusterPath(String resourceGroup, String cluster) {
    return "/subscriptions/"
        + SUBSCRIPTION
        + "/resourceGroups/"
        + resourceGroup
        + "/providers/Microsoft.ContainerService/managedClusters/"
        + cluster;
  }

  public static String vnetPath(String resourceGroup, String vnet) {
    return "/subscriptions/"
        + SUBSCRIPTION
        + "/resourceGroups/"
        + resourceGroup
        + "/providers/Microsoft.Network/virtualNetworks/"
        + vnet;
  }

  /** A hand-written ARM answer from {@code src/test/resources/arm/}. */
  public static ObjectNode fixture(String name) {
    try (InputStream in = ArmStub.class.getResourceAsStream("/arm/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return (ObjectNode) JSON.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String text(ObjectNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.stop();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    reset();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }
}
