package ai.modelplane.drift.bench;

import ai.modelplane.drift.ArmStub;
import ai.modelplane.drift.AzureDriftService;
import ai.modelplane.drift.DriftSettings;
import ai.modelplane.drift.TestTls;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftRequest;
import com.azure.core.util.ConfigurationBuilder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Not a test: measures a fleet drift check against the local ARM stand-in with added latency per
 * response. {@code java -cp <test class path> ai.modelplane.drift.bench.FleetBenchmark CLUSTERS
 * LATENCY_MS RUNS PARALLELISM} prints each run's wall time and the median; with {@code serve} as
 * the only argument it keeps a one-cluster stand-in up (printing its URL and the YAML folder) so
 * the CLI's cold start can be timed from the shell.
 */
public final class FleetBenchmark {
  private FleetBenchmark() {}

  public static void main(String[] args) throws Exception {
    boolean serve = args.length > 0 && args[0].equals("serve");
    int clusters = serve ? 1 : Integer.parseInt(args[0]);
    int latency = serve ? 0 : Integer.parseInt(args[1]);
    int runs = serve ? 0 : Integer.parseInt(args[2]);
    int parallelism = serve ? 8 : Integer.parseInt(args[3]);
    try (ArmStub stub = new ArmStub(latency)) {
      Path folder = Files.createTempDirectory("fleet");
      String clusterJson =
          new String(
              FleetBenchmark.class.getResourceAsStream("/arm/minimal-cluster.json").readAllBytes(),
              StandardCharsets.UTF_8);
      String vnetJson =
          new String(
              FleetBenchmark.class.getResourceAsStream("/arm/minimal-vnet.json").readAllBytes(),
              StandardCharsets.UTF_8);
      for (int i = 0; i < clusters; i++) {
        String name = String.format("fleet-%02d", i);
        Files.writeString(
            folder.resolve(name + ".yaml"),
            String.join(
                "\n",
                "apiVersion: infrastructure.modelplane.ai/v1alpha1",
                "kind: AKSCluster",
                "metadata:",
                "  name: " + name,
                "  namespace: bench",
                "spec:",
                "  location: eastus2",
                "  nodePools:",
                "    - name: system",
                "      role: System",
                "      vmSize: Standard_D4s_v5",
                ""));
        String rg = "rg-bench_" + name;
        stub.getReturns(ArmStub.clusterPath(rg, name), 200, rename(clusterJson, name));
        stub.getReturns(ArmStub.vnetPath(rg, "vnet-" + name), 200, rename(vnetJson, name));
      }
      if (serve) {
        System.out.println(stub.baseUrl() + " " + folder + " " + TestTls.TRUST_STORE);
        System.in.read();
        return;
      }
      Map<String, String> env =
          Map.of(
              "AZURE_CLIENT_ID",
              ArmStub.CLIENT_ID,
              "AZURE_CLIENT_SECRET",
              ArmStub.CLIENT_SECRET,
              "AZURE_TENANT_ID",
              ArmStub.TENANT,
              "AZURE_AUTHORITY_HOST",
              stub.baseUrl(),
              "AZURE_SUBSCRIPTION_ID",
              ArmStub.SUBSCRIPTION,
              "AZURE_TOKEN_CREDENTIALS",
              "EnvironmentCredential");
      DriftSettings production = DriftSettings.defaults();
      DriftSettings settings =
          new DriftSettings(
              production.maxRetries(),
              production.retryBaseDelay(),
              production.retryMaxDelay(),
              production.requestTimeout(),
              new ConfigurationBuilder(s -> Map.of(), s -> Map.of(), s -> env).build(),
              Optional.of(TestTls.clientContext()),
              production.maxResponseBytes(),
              production.maxGraphPageBytes());
      DriftRequest request =
          new DriftRequest(
              List.of(folder.toString()),
              Path.of(""),
              Optional.empty(),
              "AzureCloud",
              Optional.of(URI.create(stub.baseUrl())),
              Duration.ofMinutes(5),
              parallelism,
              false,
              "json");
      long[] millis = new long[runs];
      for (int run = 0; run < runs; run++) {
        stub.server().resetRequests();
        long start = System.nanoTime();
        DriftOutcome outcome =
            new AzureDriftService(settings).check(request, ProgressListener.SILENT);
        millis[run] = (System.nanoTime() - start) / 1_000_000;
        System.out.println(
            "run "
                + run
                + ": "
                + millis[run]
                + " ms, status "
                + outcome.status()
                + ", ARM requests "
                + stub.armRequests());
      }
      long[] sorted = millis.clone();
      Arrays.sort(sorted);
      System.out.println(
          "median "
              + sorted[runs / 2]
              + " ms for "
              + clusters
              + " clusters, "
              + latency
              + " ms latency, parallelism "
              + parallelism);
    }
  }

  private static String rename(String json, String name) {
    return json.replace("default_minimal", "bench_" + name).replace("minimal", name);
  }
}
