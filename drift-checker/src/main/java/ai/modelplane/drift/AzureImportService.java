package ai.modelplane.drift;

import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.adopt.ImportRequest;
import ai.modelplane.generator.adopt.ImportService;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.ProgressListener;
import com.azure.core.management.AzureEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import reactor.core.publisher.Mono;

/**
 * {@code modelplane import}: reads live clusters through the drift checker's read-only readers (one
 * cluster by resource group and name, or every cluster of the subscription with one Resource Graph
 * query) and writes one AKSCluster document per cluster. Each written document is then loaded and
 * validated as {@code modelplane validate} would, and compared with the same live answer as {@code
 * modelplane drift}, which says what a first apply (or stack deployment) of the generated code
 * would change.
 *
 * <p>It never overwrites a file it did not write: an existing file must start with {@link
 * LiveClusterDocument#MARKER}, and when any target is someone else's, nothing is written. Nor does
 * it write a second manifest for a live cluster that a manifest already in the output folder
 * describes (under another file name or namespace): two outputs would each manage the cluster.
 */
public final class AzureImportService implements ImportService {
  private final DriftSettings settings;

  public AzureImportService() {
    this(DriftSettings.defaults());
  }

  public AzureImportService(DriftSettings settings) {
    this.settings = settings;
  }

  @Override
  public ImportOutcome importClusters(ImportRequest request, ProgressListener progress) {
    boolean byName = request.resourceGroup().isPresent() && request.name().isPresent();
    if (request.resourceGraph() == byName) {
      return ImportOutcome.failed(
          List.of(
              "name one cluster with --resource-group and --name, or pass --resource-graph for every cluster"
                  + " of the subscription (not both)"));
    }
    if (request.namespace().length() > 63
        || !request.namespace().matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
      return ImportOutcome.failed(
          List.of(
              "--namespace "
                  + request.namespace()
                  + " is not a DNS-1123 label (lower-case letters, digits"
                  + " and '-', at most 63 characters), as metadata.namespace must be"));
    }
    Optional<AzureEnvironment> cloud = AzureClouds.named(request.cloud());
    if (cloud.isEmpty()) {
      return ImportOutcome.failed(
          List.of(
              "unknown --cloud "
                  + request.cloud()
                  + " (expected AzureCloud, AzureChinaCloud or AzureUSGovernment)"));
    }
    Optional<String> subscription =
        AzureDriftService.subscription(settings, request.subscription());
    if (subscription.isEmpty()) {
      return ImportOutcome.failed(
          List.of("no subscription: pass --subscription ID or set AZURE_SUBSCRIPTION_ID"));
    }
    AzureEnvironment environment =
        AzureDriftService.environment(settings, cloud.get(), request.armEndpoint());
    Redactor redactor = new Redactor(settings.configuration());
    List<LiveCluster> live;
    Optional<String> infinibandFeature;
    ArmSession session;
    try {
      session =
          new ArmSession(
              settings,
              redactor,
              environment,
              subscription.get(),
              request.armEndpoint().isPresent());
      Mono<List<LiveCluster>> read =
          request.resourceGraph()
              ? LiveClusterReads.all(session)
              : LiveClusterReads.one(session, request.resourceGroup().get(), request.name().get());
      VmSizeCatalog catalog = VmSizeCatalog.bundled();
      ArmSession armSession = session;
      // The AKSInfinibandSupport registration, read through the same session and only when a pool's
      // fabric label cannot decide its fabric. A registration that cannot be read decides nothing:
      // LivePools then imports the pool as fabric None and warns.
      Mono<Imported> withFeature =
          read.flatMap(
              clusters ->
                  clusters.stream().noneMatch(c -> LivePools.needsFeature(c.cluster(), catalog))
                      ? Mono.just(new Imported(clusters, Optional.empty()))
                      : new ArmLiveReader(armSession)
                          .infinibandFeature()
                          .map(Optional::of)
                          .onErrorResume(RuntimeException.class, e -> Mono.just(Optional.empty()))
                          .map(state -> new Imported(clusters, state)));
      Duration timeout = request.timeout();
      Imported imported =
          withFeature
              .timeout(timeout)
              .contextWrite(
                  context ->
                      context.put(RetryAfterLimitPolicy.DEADLINE, Instant.now().plus(timeout)))
              .block();
      live = imported.clusters();
      infinibandFeature = imported.infinibandFeature();
    } catch (RuntimeException | Error e) {
      Throwable unwrapped = reactor.core.Exceptions.unwrap(e);
      String line =
          unwrapped instanceof java.util.concurrent.TimeoutException
              ? Failures.overallTimeout(request.timeout()).message()
              : Failures.classify(
                      unwrapped,
                      settings,
                      java.net.URI.create(environment.getResourceManagerEndpoint()),
                      redactor)
                  .message();
      return ImportOutcome.failed(
          List.of("import could not read the live clusters: " + ServerText.printable(line)));
    }
    if (live.isEmpty()) {
      return ImportOutcome.failed(
          List.of(
              request.resourceGraph()
                  ? "the subscription " + subscription.get() + " has no AKS clusters"
                  : "no managed cluster "
                      + request.name().get()
                      + " in resource group "
                      + request.resourceGroup().get()));
    }
    progress.info(
        "read " + live.size() + " cluster(s) with " + session.requestCount() + " ARM request(s)");
    return write(request, subscription.get(), live, infinibandFeature, redactor);
  }

  /** The live clusters and, when a pool needed it, the InfiniBand feature's registration state. */
  private record Imported(List<LiveCluster> clusters, Optional<String> infinibandFeature) {}

  private ImportOutcome write(
      ImportRequest request,
      String subscription,
      List<LiveCluster> live,
      Optional<String> infinibandFeature,
      Redactor redactor) {
    Path folder = request.resolvedOutputDirectory();
    VmSizeCatalog catalog = VmSizeCatalog.bundled();
    List<LiveClusterDocument.Result> documents = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    for (LiveCluster one : live) {
      String name = LiveNames.metadataName(one.cluster().name());
      if (!taken.add(name)) {
        // Cluster names are unique per resource group only: a second one of the same name gets its
        // group's.
        name =
            LiveNames.metadataName(
                one.cluster().name() + "-" + LiveNames.resourceGroup(one.cluster()));
        taken.add(name);
      }
      documents.add(
          LiveClusterDocument.of(
              one.cluster(),
              one.network(),
              one.maintenance(),
              request.namespace(),
              name,
              catalog,
              infinibandFeature));
    }
    List<Path> files =
        documents.stream().map(d -> folder.resolve(d.metadataName() + ".yaml")).toList();
    List<String> foreign = new ArrayList<>();
    for (Path file : files) {
      if (Files.exists(file) && !ImportFiles.writtenByImport(file)) {
        foreign.add(
            file
                + " exists and was not written by modelplane import; move it away or choose another --out");
      }
    }
    if (!foreign.isEmpty()) {
      return ImportOutcome.failed(foreign);
    }
    List<String> twice =
        ImportFiles.secondManifests(folder, live, files, request.workingDirectory());
    if (!twice.isEmpty()) {
      return ImportOutcome.failed(twice);
    }
    try {
      Files.createDirectories(folder);
      for (int i = 0; i < files.size(); i++) {
        ImportFiles.writeAtomically(files.get(i), documents.get(i).text());
      }
    } catch (IOException e) {
      return ImportOutcome.failed(
          List.of(
              "cannot write "
                  + folder
                  + ": "
                  + ServerText.printable(redactor.redact(String.valueOf(e.getMessage())))));
    }
    return ImportReview.validateAndCompare(
        subscription, live, documents, files, request.workingDirectory(), redactor);
  }
}
