package ai.modelplane.drift;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * Counts every HTTP request sent to ARM, retries included: in total, and per cluster when the call
 * carries a counter under {@link #CLUSTER_COUNTER}. Sits after the retry policy, so it sees each
 * attempt.
 */
final class RequestCountingPolicy implements HttpPipelinePolicy {
  static final String CLUSTER_COUNTER = "modelplane-cluster-requests";

  private final AtomicInteger total = new AtomicInteger();

  int total() {
    return total.get();
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    count(context);
    return next.process();
  }

  @Override
  public HttpResponse processSync(
      HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    count(context);
    return next.processSync();
  }

  private void count(HttpPipelineCallContext context) {
    total.incrementAndGet();
    context
        .getData(CLUSTER_COUNTER)
        .ifPresent(counter -> ((AtomicInteger) counter).incrementAndGet());
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }
}
