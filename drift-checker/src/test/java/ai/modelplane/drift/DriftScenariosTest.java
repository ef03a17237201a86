package ai.modelplane.drift;

import static ai.modelplane.drift.DriftTestSupport.*;
import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftOutcome.Status;
import ai.modelplane.generator.drift.DriftRequest;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The real SDK against the local ARM stand-in: sync, missing resources, throttling, errors,
 * timeouts.
 */
class DriftScenariosTest {
  static final String MINIMAL = "examples/minimal.yaml";
  static final String MINIMAL_CLUSTER = ArmStub.clusterPath("rg-default_minimal", "minimal");
  static final String MINIMAL_VNET = ArmStub.vnetPath("rg-default_minimal", "vnet-minimal");

  @RegisterExtension static final ArmStub stub = new ArmStub();

  @AfterEach
  void everyRequestWasExpected() {
    assertEquals(List.of(), stub.unmatched());
  }

  private static void stubMinimalInSync() {
    stub.getReturns(MINIMAL_CLUSTER, 200, ArmStub.text(ArmStub.fixture("minimal-cluster.json")));
    stub.getReturns(MINIMAL_VNET, 200, ArmStub.text(ArmStub.fixture("minimal-vnet.json")));
  }

  /** The seed cluster and its VNet both answer {@code status} with {@code body}. */
  private static void stubClusterAndVnet(int status, String body) {
    stub.getReturns(INFERENCE_CLUSTER, status, body);
    stub.getReturns(INFERENCE_VNET, status, body);
  }

  /** ARM's answer when the subscription's read quota is spent. */
  private static ResponseDefinitionBuilder throttled(String retryAfterSeconds) {
    return ArmStub.json(
            429,
            ArmStub.armError(
                "SubscriptionRequestsThrottled",
                "Number of 'read' requests for subscription exceeded the limit."))
        .withHeader("Retry-After", retryAfterSeconds);
  }

  /** The seed cluster's GET gets an answer only long after every timeout of these tests. */
  private static void stubClusterNeverAnswers() {
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .willReturn(aResponse().withStatus(200).withFixedDelay(20_000)));
  }

  /** The run failed, and its report says {@code text}. */
  private static void assertFailedSaying(DriftOutcome outcome, String text) {
    assertEquals(Status.FAILED, outcome.status());
    assertTrue(outcome.report().contains(text), outcome.report());
  }

  /**
   * The run over the seed example found drift: exactly {@code expected}, from three ARM reads (the
   * cluster, the VNet and the feature; no cluster, so no maintenance configurations).
   */
  private static void assertDriftFindings(DriftOutcome outcome, String... expected) {
    assertEquals(Status.DRIFT, outcome.status());
    assertEquals(List.of(expected), findings(outcome.report()));
    assertEquals(3, stub.armRequests());
  }

  /**
   * Upstream Modelplane's reference manifest and a {@code kubectl get -o yaml} export of it (issue
   * 19's upstream shapes, stored in generator-core's test resources) describe the seed cluster: the
   * reference is in sync with the stand-in; the export leaves out {@code diskSizeGb}, so its GPU
   * pool defaults to 100 GB where the live pool has 200.
   */
  @Test
  void upstreamShapedManifestsAreCheckedLikeAnyOther() {
    stubInSync(stub);
    String upstream = "generator-core/src/test/resources/upstream/";

    DriftOutcome reference =
        check(
            stub,
            settings(stub),
            request(stub, "json", List.of(upstream + "reference-aksclusters.yaml")));
    // Upstream's manifests still ask for 1.34; the stand-in runs the seed's 1.35: only the version
    // differs.
    List<String> version =
        List.of(
            "high changed spec.kubernetesVersion kubernetesVersion: 1.34 -> 1.35",
            "medium changed spec.kubernetesVersion agentPoolProfiles[gpuh100].orchestratorVersion: 1.34 -> 1.35",
            "medium changed spec.kubernetesVersion agentPoolProfiles[system].orchestratorVersion: 1.34 -> 1.35");
    assertEquals(version, findings(reference.report()));
    assertEquals(Status.DRIFT, reference.status());

    DriftOutcome export =
        check(
            stub,
            settings(stub),
            request(stub, "json", List.of(upstream + "exported-akscluster.yaml")));
    // The export carries upstream's minNodeCount 0 on its GPU pool, an error (MP415) since DRA
    // GPU pools cannot scale up from zero: the cluster is not checked until the YAML says 1.
    assertEquals(Status.FAILED, export.status(), export.report());
  }

  @Test
  void inSyncReferenceExampleReadsClusterVnetAndFeatureOnce() {
    stubInSync(stub);

    DriftOutcome outcome = checkInference(stub, "text");

    assertEquals(Status.IN_SYNC, outcome.status());
    assertEquals(
        """
        platform/inference-westeurope (examples/inference-westeurope.yaml): in sync
          managed cluster inference-westeurope in resource group rg-platform_inference-westeurope, 4 ARM request(s)

        1 cluster(s): 1 in sync, 0 with drift, 0 could not be checked; 5 ARM request(s) in subscription 00000000-0000-0000-0000-000000000001
        """,
        outcome.report());
    assertEquals(List.of(), outcome.errors());
    assertEquals(5, stub.armRequests());
    assertEquals(1, stub.requestsTo(INFERENCE_CLUSTER));
    assertEquals(1, stub.requestsTo(INFERENCE_VNET));
    assertEquals(1, stub.requestsTo(ArmStub.FEATURE_PATH));
    assertEquals(1, stub.tokenRequests());
  }

  @Test
  void clusterWithoutInfiniBandSkipsTheFeatureReadAndPatchVersionMatchesMinor() {
    stubMinimalInSync();

    DriftOutcome outcome = check(stub, settings(stub), request(stub, "json", List.of(MINIMAL)));

    assertEquals(Status.IN_SYNC, outcome.status());
    assertEquals(List.of(), findings(outcome.report()));
    assertEquals(4, stub.armRequests());
    assertEquals(0, stub.requestsTo(ArmStub.FEATURE_PATH));
  }

  @Test
  void autoscaledNodeCountWithinBoundsIsNotDrift() {
    var cluster = ArmStub.fixture("inference-cluster.json");
    DriftFixtures.pool(cluster, "gpuh100").put("count", 8);
    DriftFixtures.pool(cluster, "system").put("count", 1);
    stubInSync(stub);
    stub.getReturns(INFERENCE_CLUSTER, 200, ArmStub.text(cluster));

    DriftOutcome outcome = checkInference(stub, "json");

    assertEquals(Status.IN_SYNC, outcome.status());
    assertEquals(List.of(), findings(outcome.report()));
  }

  @Test
  void missingClusterIsDriftFromArmsNotFoundAnswer() {
    stubInSync(stub);
    stub.getReturns(
        INFERENCE_CLUSTER,
        404,
        ArmStub.armError(
            "ResourceNotFound",
            "The Resource 'Microsoft.ContainerService/managedClusters/inference-westeurope' under resource group 'rg-platform_inference-westeurope' was not found."));

    assertDriftFindings(
        checkInference(stub, "json"),
        "high missing spec managedClusters/inference-westeurope: managed cluster inference-westeurope -> (absent)");
  }

  @Test
  void missingResourceGroupIsOneFinding() {
    String body =
        ArmStub.armError(
            "ResourceGroupNotFound",
            "Resource group 'rg-platform_inference-westeurope' could not be found.");
    stubClusterAndVnet(404, body);
    stubFeatureRegistered(stub);

    assertDriftFindings(
        checkInference(stub, "json"),
        "high missing spec resourceGroups/rg-platform_inference-westeurope: resource group rg-platform_inference-westeurope -> (absent)");
  }

  @Test
  void throttledOnceWithRetryAfterThenSucceeds() {
    stubInSync(stub);
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .inScenario("throttle")
            .whenScenarioStateIs(Scenario.STARTED)
            .willReturn(throttled("1"))
            .willSetStateTo("served"));
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .inScenario("throttle")
            .whenScenarioStateIs("served")
            .willReturn(
                ArmStub.json(200, ArmStub.text(ArmStub.fixture("inference-cluster.json")))));

    DriftOutcome outcome = checkInference(stub, "text");

    assertEquals(Status.IN_SYNC, outcome.status());
    assertTrue(
        outcome.report().contains("rg-platform_inference-westeurope, 5 ARM request(s)"),
        outcome.report());
    assertTrue(outcome.report().contains("; 6 ARM request(s) in subscription"), outcome.report());
    assertEquals(2, stub.requestsTo(INFERENCE_CLUSTER));
    // The report's count (asserted above) is our pipeline's. The server may see one more: after the
    // Retry-After pause the JDK client can find its pooled connection closed and resend a GET by
    // itself.
    long seen = stub.armRequests();
    assertTrue(seen == 6 || seen == 7, "ARM requests the server saw: " + seen);
  }

  @Test
  void retryAfterBeyondTheTimeoutFailsAtOnceAsThrottled() {
    stubInSync(stub);
    stub.stub(get(urlPathEqualTo(INFERENCE_CLUSTER)).willReturn(throttled("3600")));

    DriftOutcome outcome = checkInference(stub, "json");

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        List.of(
            "throttled: ARM answered HTTP 429 and asked to retry after 3600 s, past the --timeout"),
        failures(outcome.report()));
    assertEquals(1, stub.requestsTo(INFERENCE_CLUSTER));
  }

  @Test
  void persistentServerErrorFailsThatClusterOnlyAfterTheRetries() {
    stubInSync(stub);
    stubMinimalInSync();
    stub.getReturns(
        INFERENCE_CLUSTER,
        500,
        ArmStub.armError("InternalServerError", "Encountered internal server error."));

    DriftOutcome outcome =
        check(stub, settings(stub), request(stub, "text", List.of(INFERENCE, MINIMAL)));

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        """
        platform/inference-westeurope (examples/inference-westeurope.yaml): COULD NOT CHECK
          managed cluster inference-westeurope in resource group rg-platform_inference-westeurope, 5 ARM request(s)
          could not check (azure-error): ARM kept failing after 4 attempts (HTTP 500 InternalServerError: Encountered internal server error.)

        default/minimal (examples/minimal.yaml): in sync
          managed cluster minimal in resource group rg-default_minimal, 4 ARM request(s)

        2 cluster(s): 1 in sync, 0 with drift, 1 could not be checked; 10 ARM request(s) in subscription 00000000-0000-0000-0000-000000000001
        """,
        outcome.report());
    assertEquals(4, stub.requestsTo(INFERENCE_CLUSTER));
    assertEquals(10, stub.armRequests());
  }

  @Test
  void serverThatNeverAnswersTimesOutPerAttempt() {
    stubInSync(stub);
    stubClusterNeverAnswers();

    DriftOutcome outcome =
        check(
            stub,
            settings(stub, 1, Duration.ofMillis(2500)),
            request(stub, "json", List.of(INFERENCE)));

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        List.of("timeout: no answer from ARM within 2.5 s per attempt (2 attempts)"),
        failures(outcome.report()));
    // Two attempts at the cluster plus the VNet (the maintenance configurations wait for the
    // cluster); the stub's journal only records answered requests, so count here.
    assertEquals(List.of(3), armRequestsPerCluster(outcome.report()));
  }

  @Test
  void overallTimeoutStopsAWaitingCluster() {
    stubInSync(stub);
    stubClusterNeverAnswers();
    DriftRequest request =
        request(stub.baseUrl(), "json", List.of(INFERENCE), Duration.ofSeconds(1), false);

    DriftOutcome outcome = check(stub, settings(stub, 3, Duration.ofSeconds(15)), request);

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        List.of("timeout: the check did not finish within --timeout 1 s"),
        failures(outcome.report()));
    // How many of the two parallel reads (cluster, VNet) left before the deadline depends on how
    // fast the token and TLS set-up were on this machine; never a retry, and the maintenance
    // configurations wait for the cluster's answer, so never more than two.
    int requests = armRequestsPerCluster(outcome.report()).get(0);
    org.junit.jupiter.api.Assertions.assertTrue(requests <= 2, "ARM requests: " + requests);
    // The InfiniBand feature read is the run's, shared by its clusters and cached, so the deadline
    // does
    // not cancel it: let its GET arrive here, where it is stubbed, not after the next test's reset.
    await().atMost(GENEROUS_TIMEOUT).until(() -> stub.requestsTo(ArmStub.FEATURE_PATH) == 1);
  }

  @Test
  void rejectedClientSecretIsAnAuthenticationFailureWithoutArmRequests() {
    stubInSync(stub);
    stub.stub(
        com.github.tomakehurst.wiremock.client.WireMock.post(
                com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching(
                    "/[^/]+/oauth2/v2\\.0/token"))
            .willReturn(
                ArmStub.json(
                    401,
                    "{\"error\":\"invalid_client\",\"error_description\":\"AADSTS7000215: Invalid client secret provided.\"}")));

    DriftOutcome outcome = checkInference(stub, "json");

    assertEquals(Status.FAILED, outcome.status());
    assertTrue(
        failures(outcome.report()).get(0).startsWith("authentication: no Azure token: "),
        outcome.report());
    assertTrue(outcome.report().contains("AADSTS7000215"), outcome.report());
    assertTrue(!outcome.report().contains(ArmStub.CLIENT_SECRET), outcome.report());
    assertEquals(0, stub.armRequests());
  }

  @Test
  void unknownSubscriptionIsReportedAsSuch() {
    String body =
        ArmStub.armError(
            "SubscriptionNotFound",
            "The subscription '00000000-0000-0000-0000-000000000001' could not be found.");
    stubClusterAndVnet(404, body);
    stub.getReturns(ArmStub.FEATURE_PATH, 404, body);

    DriftOutcome outcome = checkInference(stub, "text");

    assertFailedSaying(
        outcome,
        "could not check (subscription-not-found): subscription not found (HTTP 404 SubscriptionNotFound: "
            + "The subscription '00000000-0000-0000-0000-000000000001' could not be found.)");
    assertEquals(3, stub.armRequests());
  }

  @Test
  void missingReadPermissionIsAnAuthorizationFailure() {
    String body =
        ArmStub.armError(
            "AuthorizationFailed",
            "The client does not have authorization to perform action 'Microsoft.ContainerService/managedClusters/read'.");
    stub.getReturns(INFERENCE_CLUSTER, 403, body);
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(ArmStub.fixture("inference-vnet.json")));
    stubFeatureRegistered(stub);

    DriftOutcome outcome = checkInference(stub, "text");

    assertFailedSaying(
        outcome,
        "could not check (authorization): ARM refused the read (HTTP 403 AuthorizationFailed: "
            + "The client does not have authorization to perform action 'Microsoft.ContainerService/managedClusters/read'.); "
            + "the identity needs the Reader role");
    assertEquals(1, stub.requestsTo(INFERENCE_CLUSTER));
  }

  @Test
  void noSubscriptionAnywhereStopsBeforeAnyRequest() {
    DriftSettings withoutSubscription =
        new DriftSettings(
            3,
            Duration.ofMillis(10),
            Duration.ofMillis(40),
            Duration.ofSeconds(5),
            new com.azure.core.util.ConfigurationBuilder(
                    s -> java.util.Map.of(), s -> java.util.Map.of(), s -> java.util.Map.of())
                .build(),
            java.util.Optional.empty(),
            DriftSettings.MAX_RESPONSE_BYTES,
            DriftSettings.MAX_GRAPH_PAGE_BYTES);

    DriftOutcome outcome =
        check(stub, withoutSubscription, request(stub, "text", List.of(INFERENCE)));

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        List.of("no subscription: pass --subscription ID or set AZURE_SUBSCRIPTION_ID"),
        outcome.errors());
    assertEquals("", outcome.report());
    assertEquals(0, stub.armRequests());
  }
}
