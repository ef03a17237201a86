package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the generated deployment script against a stand-in {@code az} that answers as azure-cli's
 * {@code aks_runcommand} and {@code aks_command_result} do (acs/custom.py, 2.45.0 and the indexed
 * later commit alike): {@code --no-wait} prints {@code command id: <id>, started at: …, status: …};
 * {@code command result --output json} prints only a progress line while the service answers 202,
 * and the result as JSON once it is final.
 */
class AksCommandInvokeScriptTest {
  private static final String COMMAND_ID = "3f2b9c0d1e4a";
  private static final Map<String, Object> MANIFESTS =
      Map.of(
          "storage-class.json",
          Map.of("kind", "StorageClass"),
          "nic-cluster-policy.json",
          Map.of("kind", "NicClusterPolicy"));
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Logs each call, copies attached files, fails the first submissions and answers "running" before
   * the result.
   */
  private static final String FAKE_AZ =
      """
      #!/bin/bash
      dir="${FAKE_AZ_DIR}"
      printf '%%s\\n' "$*" >> "${dir}/calls.log"
      count() { local n; n=$(( $(cat "${dir}/$1" 2>/dev/null || echo 0) + 1 )); echo "${n}" > "${dir}/$1"; echo "${n}"; }
      if [ "$1 $2 $3" = "aks command invoke" ]; then
        if [ "$(count submits)" -le "${FAKE_SUBMIT_FAILURES:-0}" ]; then
          echo "(AuthorizationFailed) The client does not have authorization to perform action 'Microsoft.ContainerService/managedClusters/runcommand/action'" >&2
          exit 1
        fi
        while [ $# -gt 0 ]; do
          if [ "$1" = "--file" ]; then cp "$2" "${dir}/attached-$(basename "$2")"; fi
          shift
        done
        echo "command id: %1$s, started at: 2026-12-01T10:00:00Z, status: Running"
        echo 'Please use command "az aks command result -g rg -n c -i %1$s" to get the future execution result'
        exit 0
      fi
      if [ "$1 $2 $3" = "aks command result" ]; then
        if [ "$(count polls)" -le "${FAKE_RUNNING_POLLS:-0}" ]; then
          echo "command id: %1$s, started at: 2026-12-01T10:00:00Z, status: Running"
          exit 0
        fi
        printf '{"exitCode": %%s, "id": "%1$s", "logs": "release network-operator upgraded", "provisioningState": "%%s", "reason": "%%s"}\\n' \\
          "${FAKE_EXIT_CODE:-0}" "${FAKE_STATE:-Succeeded}" "${FAKE_REASON:-}"
        exit 0
      fi
      echo "unexpected az call: $*" >&2
      exit 2
      """
          .formatted(COMMAND_ID);

  @TempDir Path work;
  private Path script;

  /**
   * The script runs in the Azure CLI image, which has bash and jq; a machine with only a JDK may
   * have neither, and then these tests are skipped rather than failed.
   */
  @BeforeAll
  static void needsBashAndJq() {
    for (String tool : new String[] {"bash", "jq"}) {
      boolean found =
          Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
              .anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)));
      assumeTrue(
          found, tool + " is not on PATH: the generated run-command script cannot be run here");
    }
  }

  @BeforeEach
  void writeScriptAndFakeAz() throws IOException {
    script = work.resolve("aksCommandInvoke.sh");
    Files.writeString(
        script,
        BicepLifecycleTest.render(Fixtures.example("minimal.yaml"))
            .get("modules/bicep/aksCommandInvoke.sh"));
    Path bin = Files.createDirectories(work.resolve("bin"));
    Files.writeString(bin.resolve("az"), FAKE_AZ);
    assertTrue(bin.resolve("az").toFile().setExecutable(true));
  }

  @Test
  void retriesTheSubmissionThenPollsUntilTheResultIsFinal() throws Exception {
    Run run = run(Map.of("FAKE_SUBMIT_FAILURES", "2", "FAKE_RUNNING_POLLS", "3"));

    assertEquals(0, run.exitCode(), run.output());
    assertTrue(run.output().contains("release network-operator upgraded"), run.output());
    List<String> calls = Files.readAllLines(work.resolve("calls.log"));
    List<String> submits = calls.stream().filter(c -> c.startsWith("aks command invoke ")).toList();
    List<String> polls = calls.stream().filter(c -> c.startsWith("aks command result ")).toList();
    assertEquals(3, submits.size(), calls.toString());
    submits.forEach(
        c ->
            assertTrue(
                c.endsWith(" --no-wait")
                    && c.contains(" --command kubectl apply -f storage-class.json "),
                c));
    assertEquals(4, polls.size(), calls.toString());
    polls.forEach(c -> assertTrue(c.endsWith(" --command-id " + COMMAND_ID + " --output json"), c));
    for (Map.Entry<String, Object> manifest : MANIFESTS.entrySet()) {
      assertEquals(
          JSON.valueToTree(manifest.getValue()),
          JSON.readTree(work.resolve("attached-" + manifest.getKey()).toFile()));
    }
  }

  @Test
  void aCommandThatExitsNonZeroFailsTheScript() throws Exception {
    Run run = run(Map.of("FAKE_EXIT_CODE", "1"));

    assertEquals(1, run.exitCode(), run.output());
    assertTrue(run.output().contains("ended Succeeded with exit code 1"), run.output());
  }

  @Test
  void aFailedRunReportsItsReason() throws Exception {
    Run run =
        run(
            Map.of(
                "FAKE_STATE",
                "Failed",
                "FAKE_EXIT_CODE",
                "null",
                "FAKE_REASON",
                "pod could not be scheduled"));

    assertEquals(1, run.exitCode(), run.output());
    assertTrue(
        run.output().contains("ended Failed with exit code none: pod could not be scheduled"),
        run.output());
  }

  @Test
  void aCommandStillRunningAtTheDeadlineFailsTheScript() throws Exception {
    Run run =
        run(
            Map.of(
                "FAKE_RUNNING_POLLS",
                "1000000",
                "COMMAND_DEADLINE_SECONDS",
                "2",
                "POLL_SECONDS",
                "1"));

    assertEquals(1, run.exitCode(), run.output());
    assertTrue(run.output().contains("did not finish within 2 s"), run.output());
  }

  @Test
  void submissionsThatKeepFailingStopAfterTheLastAttempt() throws Exception {
    Run run = run(Map.of("FAKE_SUBMIT_FAILURES", "1000"));

    assertEquals(1, run.exitCode(), run.output());
    assertTrue(run.output().contains("kept failing"), run.output());
    List<String> calls = Files.readAllLines(work.resolve("calls.log"));
    assertEquals(3, calls.size(), calls.toString());
  }

  private record Run(int exitCode, String output) {}

  private Run run(Map<String, String> settings) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder("bash", script.toString())
            .directory(work.toFile())
            .redirectErrorStream(true);
    Map<String, String> env = builder.environment();
    env.put("PATH", work.resolve("bin") + ":" + env.get("PATH"));
    env.put("FAKE_AZ_DIR", work.toString());
    env.put("RESOURCE_GROUP", "rg-platform_demo");
    env.put("CLUSTER_NAME", "demo");
    env.put("KUBE_COMMAND", "kubectl apply -f storage-class.json");
    env.put("MANIFESTS_JSON", JSON.writeValueAsString(MANIFESTS));
    env.put("COMMAND_DEADLINE_SECONDS", "60");
    env.put("POLL_SECONDS", "0");
    env.put("SUBMIT_ATTEMPTS", "3");
    env.put("SUBMIT_RETRY_SECONDS", "0");
    env.putAll(settings);
    Process process = builder.start();
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the script did not stop");
    return new Run(
        process.exitValue(),
        new String(
            process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
  }
}
