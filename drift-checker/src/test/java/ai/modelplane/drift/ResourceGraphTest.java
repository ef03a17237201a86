package ai.modelplane.drift;

import static ai.modelplane.drift.DriftTestSupport.*;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.notContaining;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftOutcome.Status;
import ai.modelplane.generator.drift.DriftRequest;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code --resource-graph}: every cluster compared from one (paged) Resource Graph query. */
class ResourceGraphTest {
  @RegisterExtension static final ArmStub stub = new ArmStub();

  private static String page(String skipToken, ObjectNode... rows) {
    ObjectNode body = new ObjectMapper().createObjectNode();
    body.put("totalRecords", 3).put("count", rows.length).put("resultTruncated", "false");
    if (skipToken != null) {
      body.put("$skipToken", skipToken);
    }
    ArrayNode data = body.putArray("data");
    for (ObjectNode row : rows) {
      data.add(row);
    }
    return ArmStub.text(body);
  }

  /**
   * A page token that comes back (here after one other) would page forever; it fails the check at
   * once, naming Resource Graph, and is not retried.
   */
  @Test
  void repeatedPageTokenIsAnError() {
    stub.stub(
        post(urlPathEqualTo(ArmStub.GRAPH_PATH))
            .withRequestBody(notContaining("tok-"))
            .willReturn(ArmStub.json(200, page("tok-one"))));
    stub.stub(
        post(urlPathEqualTo(ArmStub.GRAPH_PATH))
            .withRequestBody(containing("tok-one"))
            .willReturn(ArmStub.json(200, page("tok-two"))));
    stub.stub(
        post(urlPathEqualTo(ArmStub.GRAPH_PATH))
            .withRequestBody(containing("tok-two"))
            .willReturn(ArmStub.json(200, page("tok-one"))));
    stubFeatureRegistered(stub);
    // A short --timeout, so that paging without end fails this test quickly too.
    DriftRequest graph =
        request(stub.baseUrl(), "json", List.of(INFERENCE), Duration.ofSeconds(20), true);

    DriftOutcome outcome = check(stub, settings(stub), graph);

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        List.of(
            "azure-error: Resource Graph returned a page token ($skipToken) it had already"
                + " returned, after 3 pages; stopped instead of reading the same pages again"),
        failures(outcome.report()));
    assertEquals(3, stub.requestsTo(ArmStub.GRAPH_PATH));
  }

  @Test
  void comparesEveryClusterFromOnePagedQuery() {
    ObjectNode group =
        new ObjectMapper()
            .createObjectNode()
            .put("id", "/subscriptions/" + ArmStub.SUBSCRIPTION + "/resourceGroups/" + INFERENCE_RG)
            .put("name", INFERENCE_RG)
            .put("type", "microsoft.resources/subscriptions/resourcegroups")
            .put("location", "westeurope");
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    cluster.put("resourceGroup", INFERENCE_RG).put("subscriptionId", ArmStub.SUBSCRIPTION);
    stub.stub(
        post(urlPathEqualTo(ArmStub.GRAPH_PATH))
            .withRequestBody(notContaining("page-2"))
            .willReturn(ArmStub.json(200, page("page-2", group, cluster))));
    stub.stub(
        post(urlPathEqualTo(ArmStub.GRAPH_PATH))
            .withRequestBody(containing("page-2"))
            .willReturn(ArmStub.json(200, page(null, ArmStub.fixture("inference-vnet.json")))));
    stubFeatureRegistered(stub);
    DriftRequest graph =
        request(
            stub.baseUrl(),
            "json",
            List.of(INFERENCE, "examples/minimal.yaml"),
            GENEROUS_TIMEOUT,
            true);

    DriftOutcome outcome = check(stub, settings(stub), graph);

    assertEquals(Status.DRIFT, outcome.status());
    assertEquals(
        List.of(
            "high missing spec resourceGroups/rg-default_minimal: resource group rg-default_minimal -> (absent)"),
        findings(outcome.report()));
    assertEquals(List.of(0, 0), armRequestsPerCluster(outcome.report()));
    assertEquals(2, stub.requestsTo(ArmStub.GRAPH_PATH));
    assertEquals(3, stub.armRequests());
    assertEquals(List.of(), stub.unmatched());
  }
}
