package ai.modelplane.drift;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.plan.ClusterPlan;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Checks many clusters against one subscription, at most {@code parallelism} at a time, each within
 * what is left of the overall timeout. A cluster that fails becomes a failed result; it never hides
 * the others.
 */
final class DriftChecker {
  private final ArmSession session;
  private final DriftSettings settings;
  private final URI armEndpoint;
  private final ProgressListener progress;

  DriftChecker(
      ArmSession session, DriftSettings settings, URI armEndpoint, ProgressListener progress) {
    this.session = session;
    this.settings = settings;
    this.armEndpoint = armEndpoint;
    this.progress = progress;
  }

  DriftRun check(
      List<ClusterPlan> plans, int parallelism, Duration timeout, boolean resourceGraph) {
    Instant deadline = Instant.now().plus(timeout);
    ArmLiveReader arm = new ArmLiveReader(session);
    List<ClusterResult> results;
    if (resourceGraph) {
      results = checkWithGraph(plans, arm, deadline, timeout);
    } else {
      results =
          Flux.fromIterable(plans)
              .flatMapSequential(
                  plan -> checkOne(plan, () -> arm.read(plan), deadline, timeout), parallelism)
              .collectList()
              .block();
    }
    return new DriftRun(
        session.subscriptionId(),
        resourceGraph ? "resource-graph" : "arm",
        results,
        session.requestCount());
  }

  private List<ClusterResult> checkWithGraph(
      List<ClusterPlan> plans, ArmLiveReader arm, Instant deadline, Duration timeout) {
    GraphLiveReader graph = new GraphLiveReader(session, arm.infinibandFeature());
    Map<String, Map<String, Object>> rows;
    try {
      rows = withDeadline(graph.readAll(), deadline).block();
    } catch (RuntimeException e) {
      stopIfFatal(e);
      CheckFailure failure = failure(e, timeout);
      return plans.stream().map(plan -> ClusterResult.failed(plan, failure, 0)).toList();
    }
    return Flux.fromIterable(plans)
        .concatMap(plan -> checkOne(plan, () -> graph.stateFor(plan, rows), deadline, timeout))
        .collectList()
        .block();
  }

  private Mono<ClusterResult> checkOne(
      ClusterPlan plan, Supplier<Mono<LiveState>> reader, Instant deadline, Duration timeout) {
    return Mono.defer(
        () -> {
          AtomicInteger requests = new AtomicInteger();
          return withDeadline(reader.get(), deadline)
              .map(
                  live -> {
                    List<Finding> findings =
                        DriftComparator.compare(plan, session.subscriptionId(), live).stream()
                            .map(this::redacted)
                            .toList();
                    ClusterResult result = ClusterResult.checked(plan, findings, requests.get());
                    progress.info(
                        plan.cluster().qualifiedName()
                            + ": "
                            + (result.findings().isEmpty()
                                ? "in sync"
                                : result.findings().size() + " finding(s)"));
                    return result;
                  })
              .onErrorResume(
                  error -> {
                    stopIfFatal(error);
                    CheckFailure failure = failure(error, timeout);
                    progress.info(
                        plan.cluster().qualifiedName()
                            + ": could not check: "
                            + ServerText.printable(failure.message()));
                    return Mono.just(ClusterResult.failed(plan, failure, requests.get()));
                  })
              .contextWrite(
                  context -> context.put(RequestCountingPolicy.CLUSTER_COUNTER, requests));
        });
  }

  private <T> Mono<T> withDeadline(Mono<T> call, Instant deadline) {
    return Mono.defer(
            () -> {
              Duration left = Duration.between(Instant.now(), deadline);
              if (left.isNegative() || left.isZero()) {
                return Mono.error(new OverallTimeout());
              }
              return call.timeout(left, Mono.error(new OverallTimeout()));
            })
        .contextWrite(context -> context.put(RetryAfterLimitPolicy.DEADLINE, deadline));
  }

  private CheckFailure failure(Throwable error, Duration timeout) {
    Throwable unwrapped = reactor.core.Exceptions.unwrap(error);
    if (unwrapped instanceof OverallTimeout) {
      return Failures.overallTimeout(timeout);
    }
    return Failures.classify(unwrapped, settings, armEndpoint, session.redactor());
  }

  /** Live values are server text too: an answer could carry an echoed header. */
  private Finding redacted(Finding finding) {
    Redactor redactor = session.redactor();
    return new Finding(
        finding.path(),
        finding.azureProperty(),
        finding.severity(),
        finding.kind(),
        finding.desired(),
        redactor.redact(finding.live()));
  }

  /**
   * Ends the whole run (the other clusters' reads are cancelled) when an {@link Error} was raised
   * while reading.
   */
  private void stopIfFatal(Throwable error) {
    Failures.runStopper(error, session.redactor())
        .ifPresent(
            line -> {
              throw new RunStopped(line);
            });
  }

  /** The run cannot go on; the message is the one line to print. */
  static final class RunStopped extends RuntimeException {
    RunStopped(String message) {
      super(message, null, false, false);
    }
  }

  /** The run's --timeout ran out before this cluster's answers arrived. */
  private static final class OverallTimeout extends RuntimeException {
    OverallTimeout() {
      super("overall timeout", null, false, false);
    }
  }
}
