package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.drift.ArmStub;
import ai.modelplane.drift.HostileArm;
import ai.modelplane.drift.TestTls;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.WireMock;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code modelplane drift} in its own JVM, configured only the way a user would: {@code
 * --arm-endpoint}, the standard {@code AZURE_*} variables, and a trust store through {@code
 * javax.net.ssl.*}.
 */
class DriftCommandEndToEndTest {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  static final String RG = "rg-platform_inference-westeurope";
  @RegisterExtension static final ArmStub stub = new ArmStub();

  record Run(int exitCode, String out, String err) {}

  private static Run modelplane(String... args) throws IOException, InterruptedException {
    return modelplaneSigningInAt(stub.baseUrl(), args);
  }

  /**
   * @param authorityHost where the CLI signs in (AZURE_AUTHORITY_HOST)
   */
  private static Run modelplaneSigningInAt(String authorityHost, String... args)
      throws IOException, InterruptedException {
    return command("drift", authorityHost, args);
  }

  /** {@code modelplane SUBCOMMAND ARGS…} in its own JVM, signing in at {@code authorityHost}. */
  static Run command(String subcommand, String authorityHost, String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djavax.net.ssl.trustStore=" + TestTls.TRUST_STORE,
                "-Djavax.net.ssl.trustStorePassword=" + TestTls.PASSWORD,
                "-Djavax.net.ssl.trustStoreType=PKCS12",
                "-cp",
                System.getProperty("java.class.path"),
                "ai.modelplane.cli.ModelplaneCommand",
                subcommand));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
    Map<String, String> env = builder.environment();
    env.keySet()
        .removeIf(
            name ->
                name.startsWith("AZURE_")
                    || name.startsWith("MSI_")
                    || name.startsWith("IDENTITY_"));
    env.put("AZURE_CLIENT_ID", ArmStub.CLIENT_ID);
    env.put("AZURE_CLIENT_SECRET", ArmStub.CLIENT_SECRET);
    env.put("AZURE_TENANT_ID", ArmStub.TENANT);
    env.put("AZURE_AUTHORITY_HOST", authorityHost);
    env.put("AZURE_SUBSCRIPTION_ID", ArmStub.SUBSCRIPTION);
    // Only the service principal from the environment: never probe this machine's managed identity
    // endpoint.
    env.put("AZURE_TOKEN_CREDENTIALS", "EnvironmentCredential");
    File out = Files.createTempFile("drift-out", ".txt").toFile();
    File err = Files.createTempFile("drift-err", ".txt").toFile();
    Process process = builder.redirectOutput(out).redirectError(err).start();
    // Only a backstop against a hung child: no assertion here is about time.
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("modelplane " + subcommand + " did not finish");
    }
    return new Run(
        process.exitValue(),
        Files.readString(out.toPath(), StandardCharsets.UTF_8),
        Files.readString(err.toPath(), StandardCharsets.UTF_8));
  }

  private static void stubLive(ObjectNode cluster) {
    stub.getReturns(ArmStub.clusterPath(RG, "inference-westeurope"), 200, ArmStub.text(cluster));
    stub.getReturns(
        ArmStub.vnetPath(RG, "vnet-inference-westeurope"),
        200,
        ArmStub.text(ArmStub.fixture("inference-vnet.json")));
    stub.getReturns(
        ArmStub.FEATURE_PATH, 200, ArmStub.text(ArmStub.fixture("feature-registered.json")));
  }

  /**
   * modelplane import, as a user runs it: the document, its warnings, what a first apply changes,
   * never a secret.
   */
  @Test
  void importWritesTheDocumentAndNeverPrintsSecrets(@org.junit.jupiter.api.io.TempDir Path out)
      throws Exception {
    stubLive(ArmStub.fixture("inference-cluster.json"));

    Run run =
        command(
            "import",
            stub.baseUrl(),
            "--arm-endpoint",
            stub.baseUrl(),
            "--verbose",
            "--resource-group",
            RG,
            "--name",
            "inference-westeurope",
            "--namespace",
            "platform",
            "--out",
            out.toString());

    assertEquals(0, run.exitCode(), run.err());
    Path file = out.resolve("inference-westeurope.yaml");
    assertEquals(
        List.of(
            "wrote "
                + file
                + " from /subscriptions/"
                + ArmStub.SUBSCRIPTION
                + "/resourcegroups/"
                + RG
                + "/providers/Microsoft.ContainerService/managedClusters/inference-westeurope",
            "  the generated code takes it over unchanged (generate --adopt, then terraform plan shows imports only)"),
        run.out().lines().toList());
    assertTrue(
        run.err()
            .contains("modelplane: warning: inference-westeurope.yaml: the OIDC issuer is off"),
        run.err());
    assertTrue(Files.readString(file).contains("kind: AKSCluster"));
    for (String secret : List.of(ArmStub.CLIENT_SECRET, ArmStub.ACCESS_TOKEN)) {
      assertFalse(
          run.out().contains(secret)
              || run.err().contains(secret)
              || Files.readString(file).contains(secret),
          secret);
    }
    Run neither =
        command(
            "import", stub.baseUrl(), "--arm-endpoint", stub.baseUrl(), "--out", out.toString());
    assertEquals(1, neither.exitCode());
    assertEquals(
        "modelplane: name one cluster with --resource-group and --name, or pass --resource-graph for every cluster"
            + " of the subscription (not both)\n",
        neither.err());
  }

  @Test
  void inSyncExitsZeroAndNeverPrintsSecretsEvenVerbose() throws Exception {
    stubLive(ArmStub.fixture("inference-cluster.json"));

    Run run =
        modelplane(
            "--arm-endpoint", stub.baseUrl(), "--verbose", "examples/inference-westeurope.yaml");

    assertEquals(0, run.exitCode(), run.err());
    assertEquals(
        """
        platform/inference-westeurope (examples/inference-westeurope.yaml): in sync
          managed cluster inference-westeurope in resource group rg-platform_inference-westeurope, 4 ARM request(s)

        1 cluster(s): 1 in sync, 0 with drift, 0 could not be checked; 5 ARM request(s) in subscription 00000000-0000-0000-0000-000000000001
        """,
        run.out());
    assertEquals(
        List.of(
            "modelplane: checking 1 cluster(s) in subscription 00000000-0000-0000-0000-000000000001 at "
                + stub.baseUrl()
                + "/",
            "modelplane: platform/inference-westeurope: in sync"),
        run.err().lines().toList());
    for (String secret : List.of(ArmStub.CLIENT_SECRET, ArmStub.ACCESS_TOKEN)) {
      assertFalse(run.out().contains(secret) || run.err().contains(secret), secret);
    }
    assertEquals(5, stub.armRequests());
  }

  @Test
  void driftExitsTwoWithTheJsonReport() throws Exception {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    ((ObjectNode) cluster.get("properties")).put("kubernetesVersion", "1.33.5");
    stubLive(cluster);

    Run run =
        modelplane(
            "--arm-endpoint",
            stub.baseUrl(),
            "--output",
            "json",
            "examples/inference-westeurope.yaml");

    assertEquals(2, run.exitCode(), run.err());
    assertEquals("", run.err());
    assertEquals(
        """
        {
          "schemaVersion" : 1,
          "status" : "drift",
          "subscription" : "00000000-0000-0000-0000-000000000001",
          "mode" : "arm",
          "armRequests" : 5,
          "summary" : {
            "clusters" : 1,
            "inSync" : 0,
            "drift" : 1,
            "failed" : 0
          },
          "clusters" : [ {
            "name" : "platform/inference-westeurope",
            "source" : "examples/inference-westeurope.yaml",
            "resourceGroup" : "rg-platform_inference-westeurope",
            "managedCluster" : "inference-westeurope",
            "status" : "drift",
            "armRequests" : 4,
            "failure" : null,
            "findings" : [ {
              "severity" : "high",
              "kind" : "changed",
              "path" : "spec.kubernetesVersion",
              "azureProperty" : "kubernetesVersion",
              "desired" : "1.35",
              "live" : "1.33.5"
            } ]
          } ]
        }
        """,
        run.out());
  }

  private static void assertNoSecret(Run run) {
    for (String secret : List.of(ArmStub.CLIENT_SECRET, ArmStub.ACCESS_TOKEN, "never-be-printed")) {
      assertFalse(
          run.out().contains(secret) || run.err().contains(secret),
          secret + " in:\n" + run.out() + run.err());
    }
  }

  @Test
  void echoedSecretsNeverReachStdoutOrStderrEvenVerbose() throws Exception {
    stubLive(ArmStub.fixture("inference-cluster.json"));
    stub.stub(
        WireMock.get(WireMock.urlPathEqualTo(ArmStub.clusterPath(RG, "inference-westeurope")))
            .willReturn(
                ArmStub.json(
                        400,
                        ArmStub.armError("InvalidRequest", "got {{request.headers.Authorization}}"))
                    .withTransformers("response-template")));

    Run armEcho =
        modelplane(
            "--arm-endpoint", stub.baseUrl(), "--verbose", "examples/inference-westeurope.yaml");

    assertEquals(1, armEcho.exitCode(), armEcho.err());
    assertTrue(
        armEcho.out().contains("(HTTP 400 InvalidRequest: got Bearer [redacted])"), armEcho.out());
    assertTrue(
        armEcho
            .err()
            .contains(
                "could not check: ARM refused the read (HTTP 400 InvalidRequest: got Bearer [redacted])"),
        armEcho.err());
    assertNoSecret(armEcho);

    stub.stub(
        WireMock.post(WireMock.urlPathMatching("/[^/]+/oauth2/v2\\.0/token"))
            .willReturn(
                ArmStub.json(
                        400,
                        "{\"error\":\"invalid_request\",\"error_description\":\"AADSTS900144: "
                            + "{{regexExtract request.body 'client_secret=[^&]*'}} {{formData request.body 'form' urlDecode=true}}{{form.client_secret}}\"}")
                    .withTransformers("response-template")));

    Run tokenEcho =
        modelplane(
            "--arm-endpoint", stub.baseUrl(), "--verbose", "examples/inference-westeurope.yaml");

    assertEquals(1, tokenEcho.exitCode(), tokenEcho.err());
    assertTrue(
        tokenEcho.out().contains("AADSTS900144: client_secret=[redacted] [redacted]"),
        tokenEcho.out());
    assertNoSecret(tokenEcho);
  }

  /**
   * A certificate no trust store holds fails on the first handshake: retrying it cannot help (the
   * SDK's retries of it once took 50 s of back-off), so each read makes one handshake at most.
   */
  @Test
  void untrustedCertificateIsNotRetried() throws Exception {
    try (HostileArm untrusted = new HostileArm(TestTls.untrustedKeyStore())) {
      Run signIn =
          modelplaneSigningInAt(
              untrusted.baseUrl(),
              "--arm-endpoint",
              untrusted.baseUrl(),
              "--output",
              "json",
              "examples/minimal.yaml");

      assertEquals(1, signIn.exitCode(), signIn.err());
      assertTrue(signIn.out().contains("\"kind\" : \"network\""), signIn.out());
      assertTrue(
          signIn
              .out()
              .contains(
                  "\"message\" : \"TLS handshake with the sign-in endpoint failed, not retried: PKIX path"),
          signIn.out());
      assertTrue(
          signIn.out().contains("add it to the JVM's trust store (javax.net.ssl.trustStore)"),
          signIn.out());
      // Each of the two ARM reads (cluster, VNet) asks for a token: the second waits for the
      // first's request, or makes its own once that has failed. Retrying would make at least four
      // (one and three retries). The maintenance configurations are read only after the cluster's
      // GET has answered, so a failed sign-in stops before them.
      long signInHandshakes = untrusted.handshakes();
      assertTrue(signInHandshakes == 1 || signInHandshakes == 2, "handshakes: " + signInHandshakes);

      long beforeArm = untrusted.handshakes();
      Run arm = modelplane("--arm-endpoint", untrusted.baseUrl(), "examples/minimal.yaml");

      assertEquals(1, arm.exitCode(), arm.err());
      assertTrue(
          arm.out()
              .contains(
                  "could not check (network): TLS handshake with ARM at "
                      + untrusted.baseUrl()
                      + "/ failed, not retried: PKIX path"),
          arm.out());
      // The cluster and its VNet, read in parallel, once each (no InfiniBand pool, so no feature
      // read; the maintenance configurations wait for the cluster's GET, which failed); the token
      // comes from the trusted stub.
      assertEquals(2, untrusted.handshakes() - beforeArm);
      assertEquals(0, untrusted.requestsTo(ArmStub.clusterPath("rg-default_minimal", "minimal")));
    }
  }

  @Test
  void missingSubscriptionIsAUsageErrorWithExitOne() throws Exception {
    Run run =
        modelplane(
            "--arm-endpoint",
            stub.baseUrl(),
            "--cloud",
            "AzureMoonCloud",
            "examples/inference-westeurope.yaml");

    assertEquals(1, run.exitCode());
    assertEquals("", run.out());
    assertEquals(
        "modelplane: unknown --cloud AzureMoonCloud (expected AzureCloud, AzureChinaCloud or AzureUSGovernment)\n",
        run.err());
    assertEquals(0, stub.armRequests());
  }
}
