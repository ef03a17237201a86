package ai.modelplane.drift;

import ai.modelplane.generator.drift.DriftOutcome.Status;
import java.util.List;

/**
 * Everything one {@code modelplane drift} invocation found, before it is rendered.
 *
 * @param subscription the subscription that was read
 * @param mode {@code arm} (per-cluster reads) or {@code resource-graph}
 * @param clusters one result per AKSCluster document, in input order
 * @param armRequests every HTTP request sent to ARM in this run, retries included (token requests
 *     excluded)
 */
public record DriftRun(
    String subscription, String mode, List<ClusterResult> clusters, int armRequests) {
  public DriftRun {
    clusters = List.copyOf(clusters);
  }

  /**
   * Failed wins over drift: a run that could not check everything cannot claim anything is in sync.
   */
  public Status status() {
    if (clusters.stream().anyMatch(c -> c.status() == Status.FAILED)) {
      return Status.FAILED;
    }
    if (clusters.stream().anyMatch(c -> c.status() == Status.DRIFT)) {
      return Status.DRIFT;
    }
    return Status.IN_SYNC;
  }

  public long count(Status status) {
    return clusters.stream().filter(c -> c.status() == status).count();
  }
}
