package ai.modelplane.drift;

import static ai.modelplane.drift.DriftTestSupport.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftOutcome.Status;
import ai.modelplane.generator.drift.DriftRequest;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Answers no real ARM sends: bodies of any size, and what happens when reading one exhausts the
 * heap.
 */
class HostileServerTest {
  static final String CLUSTER = DriftScenariosTest.MINIMAL_CLUSTER;
  static final String VNET = DriftScenariosTest.MINIMAL_VNET;
  static final long HUGE = 200L * 1024 * 1024;
  static final long LIMIT = 256 * 1024;

  HostileArm arm;

  @BeforeEach
  void start() {
    arm = HostileArm.trusted();
    arm.answer(VNET, HostileArm.json(200, ArmStub.text(ArmStub.fixture("minimal-vnet.json"))));
  }

  @AfterEach
  void stop() {
    arm.close();
  }

  private DriftSettings settings(long maxResponse) {
    return new DriftSettings(
        3,
        Duration.ofMillis(10),
        Duration.ofMillis(40),
        DriftTestSupport.GENEROUS_TIMEOUT,
        DriftTestSupport.environment(arm.baseUrl()),
        Optional.of(TestTls.clientContext()),
        maxResponse,
        maxResponse);
  }

  private DriftOutcome check(DriftSettings settings) {
    return check(settings, false);
  }

  private DriftOutcome check(DriftSettings settings, boolean resourceGraph) {
    DriftRequest request =
        DriftTestSupport.request(
            arm.baseUrl(),
            "json",
            List.of(DriftScenariosTest.MINIMAL),
            DriftTestSupport.GENEROUS_TIMEOUT,
            resourceGraph);
    return new AzureDriftService(settings).check(request, ProgressListener.SILENT);
  }

  /** One retry, {@code perAttempt} per attempt; the run's --timeout stays at five minutes. */
  private DriftSettings settingsWithAttemptTimeout(Duration perAttempt) {
    return new DriftSettings(
        1,
        Duration.ofMillis(10),
        Duration.ofMillis(40),
        perAttempt,
        DriftTestSupport.environment(arm.baseUrl()),
        Optional.of(TestTls.clientContext()),
        DriftSettings.MAX_RESPONSE_BYTES,
        DriftSettings.MAX_GRAPH_PAGE_BYTES);
  }

  /**
   * Each read of a trickling body returns within the client's read timeout; only a deadline for the
   * whole exchange ends the attempt (before, it ran until the run's --timeout).
   */
  @Test
  void tricklingBodyFailsAtThePerAttemptTimeout() {
    arm.answer(CLUSTER, HostileArm.trickle(Duration.ofMillis(100), 600));
    long start = System.nanoTime();

    DriftOutcome outcome =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            Duration.ofSeconds(30), () -> check(settingsWithAttemptTimeout(Duration.ofSeconds(1))));

    Duration took = Duration.ofNanos(System.nanoTime() - start);
    assertEquals(
        List.of("timeout: no answer from ARM within 1 s per attempt (2 attempts)"),
        failures(outcome.report()));
    assertEquals(2, arm.requestsTo(CLUSTER));
    assertTrue(took.compareTo(Duration.ofSeconds(15)) < 0, "took " + took);
  }

  /** The same for a Resource Graph page, which the SDK reads synchronously. */
  @Test
  void tricklingGraphPageFailsAtThePerAttemptTimeout() {
    arm.answer(ArmStub.GRAPH_PATH, HostileArm.trickle(Duration.ofMillis(100), 600));
    long start = System.nanoTime();

    DriftOutcome outcome =
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () -> check(settingsWithAttemptTimeout(Duration.ofSeconds(1)), true));

    Duration took = Duration.ofNanos(System.nanoTime() - start);
    assertEquals(
        List.of("timeout: no answer from ARM within 1 s per attempt (2 attempts)"),
        failures(outcome.report()));
    assertEquals(2, arm.requestsTo(ArmStub.GRAPH_PATH));
    assertTrue(took.compareTo(Duration.ofSeconds(15)) < 0, "took " + took);
  }

  @Test
  void chunkedAnswerOverTheLimitIsCutOffNotRead() {
    arm.answer(CLUSTER, HostileArm.huge(HUGE, true));

    DriftOutcome outcome = check(settings(LIMIT));

    assertEquals(Status.FAILED, outcome.status());
    assertEquals(
        List.of(
            "azure-error: the answer to GET "
                + CLUSTER
                + " is larger than the limit of 256 KiB; reading stopped there"),
        failures(outcome.report()));
    // Not retried (the next answer would be as large), and the connection dropped early: what the
    // server
    // managed to write is the limit plus what socket buffers took, not the 200 MiB it offered.
    assertEquals(1, arm.requestsTo(CLUSTER));
    assertTrue(arm.bytesSent() < 32L * 1024 * 1024, "bytes the server wrote: " + arm.bytesSent());
  }

  @Test
  void declaredLengthOverTheLimitIsRefusedBeforeTheBody() {
    arm.answer(CLUSTER, HostileArm.huge(HUGE, false));

    DriftOutcome outcome = check(settings(LIMIT));

    assertEquals(
        List.of(
            "azure-error: the answer to GET "
                + CLUSTER
                + " is larger than the limit of 256 KiB (Content-Length 200 MiB); it was not read"),
        failures(outcome.report()));
    assertTrue(arm.bytesSent() < 32L * 1024 * 1024, "bytes the server wrote: " + arm.bytesSent());
  }

  @Test
  void answersWithinTheLimitAreReadWhole() {
    String cluster = ArmStub.text(ArmStub.fixture("minimal-cluster.json"));
    arm.answer(CLUSTER, HostileArm.json(200, cluster));

    DriftOutcome outcome = check(settings(cluster.length()));

    assertEquals(Status.IN_SYNC, outcome.status(), outcome.report());
  }

  @Test
  void unreadableSuccessIsNotCalledARefusal() {
    arm.answer(
        CLUSTER,
        HostileArm.json(200, "{\"name\":\"minimal\",\"properties\":{\"kubernetesVersion\":"));

    DriftOutcome outcome = check(settings(LIMIT));

    String failure = failures(outcome.report()).get(0);
    assertTrue(
        failure.startsWith("azure-error: ARM's answer (HTTP 200) could not be read: "), failure);
  }

  /**
   * A real out-of-memory while a body is read, in a JVM of its own with a 64 MB heap and the limit
   * lifted: the run ends at once with one line, no stack trace, not after its --timeout.
   */
  @Test
  void outOfMemoryWhileReadingEndsTheRunWithOneLine() throws Exception {
    arm.answer(CLUSTER, HostileArm.huge(8L * 1024 * 1024 * 1024, true));
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx64m",
            "-cp",
            System.getProperty("java.class.path"),
            OutOfMemoryProbe.class.getName(),
            arm.baseUrl());
    File out = Files.createTempFile("oom-out", ".txt").toFile();
    File err = Files.createTempFile("oom-err", ".txt").toFile();
    Process process = new ProcessBuilder(command).redirectOutput(out).redirectError(err).start();
    // The probe's --timeout is an hour: a run that waited for it fails here, however loaded the
    // machine.
    boolean finished = process.waitFor(10, TimeUnit.MINUTES);
    if (!finished) {
      process.destroyForcibly();
    }
    String stdout = Files.readString(out.toPath(), StandardCharsets.UTF_8);
    String stderr = Files.readString(err.toPath(), StandardCharsets.UTF_8);

    assertTrue(finished, "still running after 10 min; stderr: " + stderr);
    assertEquals(
        List.of(
            "status FAILED",
            "error drift stopped: OutOfMemoryError (Java heap space) in the HTTP client while reading GET "
                + CLUSTER
                + "; give the JVM more heap (-Xmx) or check fewer clusters at once"),
        stdout.lines().toList(),
        stderr);
    assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), stderr);
  }
}
