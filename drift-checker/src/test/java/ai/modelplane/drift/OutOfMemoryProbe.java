package ai.modelplane.drift;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Not a test: {@link HostileServerTest} runs it in a small heap. One drift check against the
 * hostile stand-in at {@code args[0]} with the response limit lifted, printing the outcome's status
 * and error lines.
 */
public final class OutOfMemoryProbe {
  private OutOfMemoryProbe() {}

  public static void main(String[] args) {
    String url = args[0];
    DriftSettings settings =
        new DriftSettings(
            3,
            Duration.ofMillis(10),
            Duration.ofMillis(40),
            DriftTestSupport.GENEROUS_TIMEOUT,
            DriftTestSupport.environment(url),
            Optional.of(TestTls.clientContext()),
            Long.MAX_VALUE,
            Long.MAX_VALUE);
    // An hour: HostileServerTest fails a run that waits for it.
    DriftRequest request =
        DriftTestSupport.request(
            url, "json", List.of(DriftScenariosTest.MINIMAL), Duration.ofHours(1), false);
    DriftOutcome outcome = new AzureDriftService(settings).check(request, ProgressListener.SILENT);
    System.out.println("status " + outcome.status());
    outcome.errors().forEach(line -> System.out.println("error " + line));
    System.exit(0);
  }
}
