package ai.modelplane.drift;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.drift.DriftOutcome;
import ai.modelplane.generator.drift.DriftRequest;
import ai.modelplane.generator.drift.DriftService;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import com.azure.core.management.AzureEnvironment;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Optional;

/**
 * The drift checker behind {@code modelplane drift} and the Maven plugin's {@code drift} goal,
 * found through {@link java.util.ServiceLoader}. Reads only: every ARM call is a GET (or a Resource
 * Graph query).
 */
public final class AzureDriftService implements DriftService {
  private final DriftSettings settings;

  /** Production settings; the constructor {@link java.util.ServiceLoader} uses. */
  public AzureDriftService() {
    this(DriftSettings.defaults());
  }

  public AzureDriftService(DriftSettings settings) {
    this.settings = settings;
  }

  /**
   * The cloud, or a custom one at {@code armEndpoint} (signing in at AZURE_AUTHORITY_HOST when
   * set).
   */
  static AzureEnvironment environment(
      DriftSettings settings, AzureEnvironment cloud, Optional<URI> armEndpoint) {
    return armEndpoint
        .map(
            endpoint ->
                AzureClouds.custom(
                    cloud,
                    endpoint,
                    Optional.ofNullable(settings.configuration().get("AZURE_AUTHORITY_HOST"))
                        .filter(s -> !s.isBlank())))
        .orElse(cloud);
  }

  /** {@code --subscription}, else AZURE_SUBSCRIPTION_ID. */
  static Optional<String> subscription(DriftSettings settings, Optional<String> option) {
    return option
        .filter(s -> !s.isBlank())
        .or(
            () ->
                Optional.ofNullable(settings.configuration().get("AZURE_SUBSCRIPTION_ID"))
                    .filter(s -> !s.isBlank()));
  }

  @Override
  public DriftOutcome check(DriftRequest request, ProgressListener progress) {
    Optional<ReportFormat> format = ReportFormat.fromOption(request.output());
    if (format.isEmpty()) {
      return DriftOutcome.failed(
          List.of("unknown --output " + request.output() + " (expected text, json or markdown)"));
    }
    Optional<AzureEnvironment> cloud = AzureClouds.named(request.cloud());
    if (cloud.isEmpty()) {
      return DriftOutcome.failed(
          List.of(
              "unknown --cloud "
                  + request.cloud()
                  + " (expected AzureCloud, AzureChinaCloud or AzureUSGovernment)"));
    }
    Optional<String> subscription = subscription(settings, request.subscription());
    if (subscription.isEmpty()) {
      return DriftOutcome.failed(
          List.of("no subscription: pass --subscription ID or set AZURE_SUBSCRIPTION_ID"));
    }

    List<InputSource> sources;
    try {
      sources = Inputs.expand(request.inputs(), request.workingDirectory());
    } catch (NoSuchFileException e) {
      return DriftOutcome.failed(List.of(e.getFile() + ": no such file or folder"));
    } catch (IOException e) {
      return DriftOutcome.failed(List.of(Failures.firstLine(e.getMessage())));
    }
    ValidationResult loaded = Validator.forExistingClusters(CrdSchema.bundled()).validate(sources);
    if (loaded.hasErrors()) {
      return DriftOutcome.failed(loaded.diagnostics().stream().map(Diagnostic::format).toList());
    }
    List<ClusterPlan> plans = loaded.clusters().stream().map(ClusterPlan::of).toList();
    if (plans.isEmpty()) {
      return DriftOutcome.failed(
          List.of("no AKSCluster documents in " + String.join(" ", request.inputs())));
    }

    AzureEnvironment environment = environment(settings, cloud.get(), request.armEndpoint());
    URI armEndpoint = URI.create(environment.getResourceManagerEndpoint());
    progress.info(
        "checking "
            + plans.size()
            + " cluster(s) in subscription "
            + subscription.get()
            + " at "
            + armEndpoint);
    Redactor redactor = new Redactor(settings.configuration());
    try {
      ArmSession session =
          new ArmSession(
              settings,
              redactor,
              environment,
              subscription.get(),
              request.armEndpoint().isPresent());
      DriftRun run =
          new DriftChecker(session, settings, armEndpoint, progress)
              .check(plans, request.parallelism(), request.timeout(), request.resourceGraph());
      return new DriftOutcome(run.status(), format.get().render(run));
    } catch (DriftChecker.RunStopped stopped) {
      return DriftOutcome.failed(List.of(stopped.getMessage()));
    } catch (RuntimeException | Error unexpected) {
      // One line, never a stack trace: the messages down the chain may quote what a server sent.
      return DriftOutcome.failed(
          List.of(
              Failures.runStopper(unexpected, redactor)
                  .orElseGet(
                      () ->
                          "drift stopped by an internal error: "
                              + ServerText.printable(Failures.reason(unexpected, redactor))
                              + "; please report it")));
    }
  }
}
