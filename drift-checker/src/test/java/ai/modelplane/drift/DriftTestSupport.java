package ai.modelplane.drift;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftRequest;
import com.azure.core.util.Configuration;
import com.azure.core.util.ConfigurationBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds requests and settings the way a user's environment would, pointed at an {@link ArmStub}.
 */
final class DriftTestSupport {
  static final String INFERENCE = "examples/inference-westeurope.yaml";
  static final String INFERENCE_RG = "rg-platform_inference-westeurope";
  static final String INFERENCE_CLUSTER = ArmStub.clusterPath(INFERENCE_RG, "inference-westeurope");
  static final String INFERENCE_VNET = ArmStub.vnetPath(INFERENCE_RG, "vnet-inference-westeurope");

  /** The repository root, so inputs read as users write them. */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /**
   * Per attempt and for the whole run in every test that is not about timeouts: long enough never
   * to expire on a loaded machine, short enough to end a run that hangs.
   */
  static final Duration GENEROUS_TIMEOUT = Duration.ofMinutes(5);

  private DriftTestSupport() {}

  /** Short back-off so retry tests stay fast; production defaults are untouched. */
  static DriftSettings settings(ArmStub stub, int maxRetries, Duration requestTimeout) {
    return new DriftSettings(
        maxRetries,
        Duration.ofMillis(10),
        Duration.ofMillis(40),
        requestTimeout,
        environment(stub),
        Optional.of(TestTls.clientContext()),
        DriftSettings.MAX_RESPONSE_BYTES,
        DriftSettings.MAX_GRAPH_PAGE_BYTES);
  }

  static DriftSettings settings(ArmStub stub) {
    return settings(stub, 3, GENEROUS_TIMEOUT);
  }

  /**
   * What a CI job would export; AZURE_TOKEN_CREDENTIALS keeps the credential chain off the
   * machine's IMDS.
   */
  static Configuration environment(ArmStub stub) {
    return environment(stub.baseUrl());
  }

  /** The same, signing in at {@code authorityHost}. */
  static Configuration environment(String authorityHost) {
    Map<String, String> env =
        Map.of(
            "AZURE_CLIENT_ID", ArmStub.CLIENT_ID,
            "AZURE_CLIENT_SECRET", ArmStub.CLIENT_SECRET,
            "AZURE_TENANT_ID", ArmStub.TENANT,
            "AZURE_AUTHORITY_HOST", authorityHost,
            "AZURE_SUBSCRIPTION_ID", ArmStub.SUBSCRIPTION,
            "AZURE_TOKEN_CREDENTIALS", "EnvironmentCredential");
    return new ConfigurationBuilder(source -> Map.of(), source -> Map.of(), source -> env).build();
  }

  static DriftRequest request(ArmStub stub, String output, List<String> inputs) {
    return request(stub.baseUrl(), output, inputs, GENEROUS_TIMEOUT, false);
  }

  /**
   * @param timeout the run's --timeout
   * @param resourceGraph --resource-graph
   */
  static DriftRequest request(
      String armEndpoint,
      String output,
      List<String> inputs,
      Duration timeout,
      boolean resourceGraph) {
    return new DriftRequest(
        inputs,
        ROOT,
        Optional.empty(),
        "AzureCloud",
        Optional.of(URI.create(armEndpoint)),
        timeout,
        4,
        resourceGraph,
        output);
  }

  static DriftOutcome check(ArmStub stub, DriftSettings settings, DriftRequest request) {
    return new AzureDriftService(settings).check(request, ProgressListener.SILENT);
  }

  /** One run over the reference example with default settings, reported as {@code output}. */
  static DriftOutcome checkInference(ArmStub stub, String output) {
    return check(stub, settings(stub), request(stub, output, List.of(INFERENCE)));
  }

  static void stubInSync(ArmStub stub) {
    stub.getReturns(
        INFERENCE_CLUSTER, 200, ArmStub.text(ArmStub.fixture("inference-cluster.json")));
    stub.getReturns(INFERENCE_VNET, 200, ArmStub.text(ArmStub.fixture("inference-vnet.json")));
    stubFeatureRegistered(stub);
  }

  static void stubFeatureRegistered(ArmStub stub) {
    stub.getReturns(
        ArmStub.FEATURE_PATH, 200, ArmStub.text(ArmStub.fixture("feature-registered.json")));
  }

  /**
   * {@code kind: message} of each cluster's failure in a JSON report, {@code -} for clusters that
   * were checked.
   */
  static List<String> failures(String jsonReport) {
    try {
      List<String> lines = new ArrayList<>();
      for (JsonNode cluster : new ObjectMapper().readTree(jsonReport).get("clusters")) {
        JsonNode failure = cluster.get("failure");
        lines.add(
            failure.isNull()
                ? "-"
                : failure.get("kind").asText() + ": " + failure.get("message").asText());
      }
      return lines;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static List<Integer> armRequestsPerCluster(String jsonReport) {
    try {
      List<Integer> counts = new ArrayList<>();
      for (JsonNode cluster : new ObjectMapper().readTree(jsonReport).get("clusters")) {
        counts.add(cluster.get("armRequests").asInt());
      }
      return counts;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Findings of the JSON report as {@code severity kind path azureProperty: desired -> live} lines.
   */
  static List<String> findings(String jsonReport) {
    try {
      JsonNode root = new ObjectMapper().readTree(jsonReport);
      List<String> lines = new ArrayList<>();
      for (JsonNode cluster : root.get("clusters")) {
        for (JsonNode f : cluster.get("findings")) {
          lines.add(
              f.get("severity").asText()
                  + " "
                  + f.get("kind").asText()
                  + " "
                  + f.get("path").asText()
                  + " "
                  + f.get("azureProperty").asText()
                  + ": "
                  + f.get("desired").asText()
                  + " -> "
                  + f.get("live").asText());
        }
      }
      return lines;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
