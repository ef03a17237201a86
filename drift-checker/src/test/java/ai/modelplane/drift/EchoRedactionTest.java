package ai.modelplane.drift;

import static ai.modelplane.drift.DriftTestSupport.*;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftOutcome.Status;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Servers that echo the request they got (headers, form body) into their answer: what reaches the
 * report is masked, whichever way the secret arrives (after a key, after "Bearer", or bare).
 */
class EchoRedactionTest {
  @RegisterExtension static final ArmStub stub = new ArmStub();

  private static void assertNoSecret(String text) {
    for (String secret : List.of(ArmStub.CLIENT_SECRET, ArmStub.ACCESS_TOKEN, "never-be-printed")) {
      assertFalse(text.contains(secret), secret + " in: " + text);
      // Base64 of the secret at each byte alignment, without the edge characters that also carry
      // the neighbours' bits.
      for (String prefix : List.of("", "a", "ab")) {
        String encoded =
            java.util.Base64.getEncoder()
                .withoutPadding()
                .encodeToString(
                    (prefix + secret).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String core = encoded.substring(prefix.length() + 1, encoded.length() - 2);
        assertFalse(text.contains(core), "Base64 of " + secret + " in: " + text);
        assertFalse(
            text.contains(core.replace('+', '-').replace('/', '_')),
            "URL-safe Base64 of " + secret + " in: " + text);
      }
    }
  }

  @Test
  void tokenEndpointEchoingTheSecretInBase64ShowsNoClientSecret() {
    stubInSync(stub);
    stub.stub(
        post(urlPathMatching("/[^/]+/oauth2/v2\\.0/token"))
            .willReturn(
                ArmStub.json(
                        401,
                        "{\"error\":\"invalid_client\",\"error_description\":\"AADSTS7000215: "
                            + "{{formData request.body 'form' urlDecode=true}}"
                            + "secret {{base64 form.client_secret padding=false}},"
                            + " request {{base64 request.body}}\"}")
                    .withTransformers("response-template")));

    DriftOutcome outcome = checkInference(stub, "json");

    assertEquals(Status.FAILED, outcome.status());
    assertTrue(
        failures(outcome.report()).get(0).contains("AADSTS7000215: secret [redacted]"),
        outcome.report());
    assertNoSecret(outcome.report());
  }

  @Test
  void armEchoingTheAuthorizationHeaderInBase64OrUrlEncodedShowsNoToken() {
    stubInSync(stub);
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .willReturn(
                ArmStub.json(
                        400,
                        ArmStub.armError(
                            "InvalidRequest",
                            "header {{base64 request.headers.Authorization}}, token"
                                + " {{base64 (regexExtract request.headers.Authorization '[^ ]+$')}},"
                                + " query {{urlEncode request.headers.Authorization}}"))
                    .withTransformers("response-template")));

    for (String format : List.of("text", "json", "markdown")) {
      DriftOutcome outcome = checkInference(stub, format);

      assertEquals(Status.FAILED, outcome.status());
      assertTrue(outcome.report().contains("[redacted]"), outcome.report());
      assertNoSecret(outcome.report());
    }
  }

  @Test
  void tokenEndpointEchoingTheFormBodyShowsNoClientSecret() {
    stubInSync(stub);
    stub.stub(
        post(urlPathMatching("/[^/]+/oauth2/v2\\.0/token"))
            .willReturn(
                ArmStub.json(
                        400,
                        "{\"error\":\"invalid_request\",\"error_description\":\"AADSTS900144: received "
                            + "{{regexExtract request.body 'client_secret=[^&]*'}} in {{request.body}}\"}")
                    .withTransformers("response-template")));

    for (String format : List.of("text", "json", "markdown")) {
      DriftOutcome outcome = check(stub, settings(stub), request(stub, format, List.of(INFERENCE)));

      assertEquals(Status.FAILED, outcome.status());
      assertTrue(
          outcome
              .report()
              .contains(
                  "AADSTS900144: received client_secret=[redacted] in client_info=1&grant_type=client_credentials"),
          outcome.report());
      assertNoSecret(outcome.report());
    }
  }

  @Test
  void tokenEndpointEchoingTheBareSecretShowsNoClientSecret() {
    stubInSync(stub);
    stub.stub(
        post(urlPathMatching("/[^/]+/oauth2/v2\\.0/token"))
            .willReturn(
                ArmStub.json(
                        401,
                        "{\"error\":\"invalid_client\",\"error_description\":\"AADSTS7000215: Invalid client secret provided: "
                            + "{{formData request.body 'form' urlDecode=true}}{{form.client_secret}} for {{form.client_id}}\"}")
                    .withTransformers("response-template")));

    DriftOutcome outcome = checkInference(stub, "json");

    assertTrue(
        failures(outcome.report())
            .get(0)
            .endsWith(
                "AADSTS7000215: Invalid client secret provided: [redacted] for "
                    + ArmStub.CLIENT_ID),
        outcome.report());
    assertNoSecret(outcome.report());
  }

  @Test
  void armEchoingTheAuthorizationHeaderShowsNoToken() {
    stubInSync(stub);
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .willReturn(
                ArmStub.json(
                        400,
                        ArmStub.armError(
                            "InvalidRequest",
                            "headers were Authorization: {{request.headers.Authorization}}; scheme and token {{request.headers.Authorization}};"
                                + " bare {{regexExtract request.headers.Authorization '[^ ]+$'}}"))
                    .withTransformers("response-template")));

    DriftOutcome outcome = checkInference(stub, "json");

    assertEquals(
        List.of(
            "azure-error: ARM refused the read (HTTP 400 InvalidRequest: headers were Authorization: [redacted];"
                + " scheme and token Bearer [redacted]; bare [redacted])"),
        failures(outcome.report()));
    assertNoSecret(outcome.report());
  }

  @Test
  void liveValuesEchoingTheTokenAreMaskedToo() {
    ObjectNode cluster = ArmStub.fixture("inference-cluster.json");
    ((ObjectNode) cluster.get("properties"))
        .put("kubernetesVersion", "{{request.headers.Authorization}}");
    stubInSync(stub);
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .willReturn(
                ArmStub.json(200, ArmStub.text(cluster)).withTransformers("response-template")));

    DriftOutcome outcome = checkInference(stub, "text");

    assertEquals(Status.DRIFT, outcome.status());
    assertTrue(outcome.report().contains("Bearer [redacted]"), outcome.report());
    assertNoSecret(outcome.report());
  }

  @Test
  void progressLinesAreMaskedLikeTheReport() {
    stubInSync(stub);
    stub.stub(
        get(urlPathEqualTo(INFERENCE_CLUSTER))
            .willReturn(
                ArmStub.json(
                        500,
                        ArmStub.armError(
                            "InternalServerError", "{{request.headers.Authorization}}"))
                    .withTransformers("response-template")));
    List<String> progress = new ArrayList<>();

    new AzureDriftService(settings(stub))
        .check(request(stub, "text", List.of(INFERENCE)), progress::add);

    assertTrue(
        progress.stream()
            .anyMatch(line -> line.contains("HTTP 500 InternalServerError: Bearer [redacted]")),
        progress.toString());
    assertNoSecret(String.join("\n", progress));
  }

  @Test
  void redactorMasksKeyedSchemedAndJwtShapedValuesButKeepsArmWording() {
    Redactor redactor = new Redactor(environment(stub));
    String jwt =
        "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL21hbmFnZW1lbnQifQ.c2lnbmF0dXJl";

    assertEquals(
        "client_secret=[redacted]&grant_type=client_credentials",
        redactor.redact("client_secret=abc%2Bdef&grant_type=client_credentials"));
    assertEquals(
        "{\"access_token\":\"[redacted]\",\"refresh_token\":\"[redacted]\"}",
        redactor.redact("{\"access_token\":\"a.b.c\",\"refresh_token\":\"r-1\"}"));
    assertEquals(
        "client_assertion=[redacted] assertion=[redacted]",
        redactor.redact("client_assertion=" + jwt + " assertion=x"));
    assertEquals("token [redacted] end", redactor.redact("token " + jwt + " end"));
    assertEquals(
        "secret [redacted] here", redactor.redact("secret " + ArmStub.CLIENT_SECRET + " here"));
    String arm =
        "The client 'x' does not have authorization to perform action 'Microsoft.ContainerService/managedClusters/read'"
            + " over scope '/subscriptions/1'. Bearer authentication failed; use a bearer token.";
    assertEquals(arm, redactor.redact(arm));
  }
}
