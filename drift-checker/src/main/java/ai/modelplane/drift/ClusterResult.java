package ai.modelplane.drift;

import ai.modelplane.generator.drift.DriftOutcome.Status;
import ai.modelplane.generator.plan.ClusterPlan;
import java.util.List;
import java.util.Optional;

/**
 * The outcome for one AKSCluster document.
 *
 * @param plan the desired state
 * @param findings sorted by {@link Finding#ORDER}; empty when in sync or failed
 * @param failure present when the cluster could not be checked
 * @param armRequests HTTP requests sent to ARM for this cluster alone, retries included
 *     (subscription-level reads such as the feature registration and Resource Graph pages are
 *     counted in the run total only)
 */
public record ClusterResult(
    ClusterPlan plan, List<Finding> findings, Optional<CheckFailure> failure, int armRequests) {
  public ClusterResult {
    findings = findings.stream().sorted(Finding.ORDER).toList();
  }

  static ClusterResult checked(ClusterPlan plan, List<Finding> findings, int armRequests) {
    return new ClusterResult(plan, findings, Optional.empty(), armRequests);
  }

  static ClusterResult failed(ClusterPlan plan, CheckFailure failure, int armRequests) {
    return new ClusterResult(plan, List.of(), Optional.of(failure), armRequests);
  }

  public Status status() {
    if (failure.isPresent()) {
      return Status.FAILED;
    }
    return findings.isEmpty() ? Status.IN_SYNC : Status.DRIFT;
  }
}
