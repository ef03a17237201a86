package ai.modelplane.drift;

import ai.modelplane.generator.ProgressListener;
import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.adopt.ImportRequest;
import ai.modelplane.generator.adopt.ImportService;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import com.azure.core.management.AzureEnvironment;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import com.azure.resourcemanager.network.fluent.models.VirtualNetworkInner;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * LiveClusterDocument#MARKER}, and when any target is someone else's, nothing is written.
 */
public final class AzureImportService implements ImportService {
  private final DriftSettings settings;

  public AzureImportService() {
    this(DriftSettings.defaults());
  }

  public AzureImportService(DriftSettings settings) {
    this.settings = settings;
  }

  /** One cluster as ARM returned it, with its VNet when it has one of its own. */
  private record Live(ManagedClusterInner cluster, Optional<VirtualNetworkInner> network) {}

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
    List<Live> live;
    ArmSession session;
    try {
      session =
          new ArmSession(
              settings,
              redactor,
              environment,
              subscription.get(),
              request.armEndpoint().isPresent());
      Mono<List<Live>> read =
          request.resourceGraph()
              ? readAll(session)
              : readOne(session, request.resourceGroup().get(), request.name().get());
      Duration timeout = request.timeout();
      live =
          read.timeout(timeout)
              .contextWrite(
                  context ->
                      context.put(RetryAfterLimitPolicy.DEADLINE, Instant.now().plus(timeout)))
              .block();
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
      return ImportOutcome.failed(List.of("import could not read the live clusters: " + line));
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
    return write(request, subscription.get(), live, redactor);
  }

  private static Mono<List<Live>> readOne(ArmSession session, String resourceGroup, String name) {
    ArmLiveReader arm = new ArmLiveReader(session);
    return arm.cluster(resourceGroup, name)
        .flatMap(
            found -> {
              if (found.value().isEmpty()) {
                return Mono.just(List.<Live>of());
              }
              ManagedClusterInner cluster = found.value().get();
              return network(arm, cluster).map(network -> List.of(new Live(cluster, network)));
            });
  }

  private static Mono<Optional<VirtualNetworkInner>> network(
      ArmLiveReader arm, ManagedClusterInner cluster) {
    Optional<String[]> subnet = LiveClusterDocument.subnet(cluster);
    if (subnet.isEmpty()) {
      return Mono.just(Optional.empty());
    }
    return arm.network(subnet.get()[0], subnet.get()[1]).map(ArmLiveReader.Lookup::value);
  }

  /** One Resource Graph query holds every cluster and VNet: no per-cluster request at all. */
  private static Mono<List<Live>> readAll(ArmSession session) {
    GraphLiveReader graph = new GraphLiveReader(session, Mono.empty());
    String subscription = session.subscriptionId();
    return graph
        .readAll()
        .map(
            rows ->
                GraphLiveReader.clusters(rows).stream()
                    .map(
                        cluster ->
                            new Live(
                                cluster,
                                LiveClusterDocument.subnet(cluster)
                                    .flatMap(
                                        ids ->
                                            GraphLiveReader.network(
                                                rows,
                                                "/subscriptions/"
                                                    + subscription
                                                    + "/resourceGroups/"
                                                    + ids[0]
                                                    + "/providers/Microsoft.Network/virtualNetworks/"
                                                    + ids[1]))))
                    .toList());
  }

  private ImportOutcome write(
      ImportRequest request, String subscription, List<Live> live, Redactor redactor) {
    Path folder = request.resolvedOutputDirectory();
    VmSizeCatalog catalog = VmSizeCatalog.bundled();
    List<LiveClusterDocument.Result> documents = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    for (Live one : live) {
      String name = LiveClusterDocument.metadataName(one.cluster().name());
      if (!taken.add(name)) {
        // Cluster names are unique per resource group only: a second one of the same name gets its
        // group's.
        name =
            LiveClusterDocument.metadataName(
                one.cluster().name() + "-" + LiveClusterDocument.resourceGroup(one.cluster()));
        taken.add(name);
      }
      documents.add(
          LiveClusterDocument.of(one.cluster(), one.network(), request.namespace(), name, catalog));
    }
    List<Path> files =
        documents.stream().map(d -> folder.resolve(d.metadataName() + ".yaml")).toList();
    List<String> foreign = new ArrayList<>();
    for (Path file : files) {
      if (Files.exists(file) && !writtenByImport(file)) {
        foreign.add(
            file
                + " exists and was not written by modelplane import; move it away or choose another --out");
      }
    }
    if (!foreign.isEmpty()) {
      return ImportOutcome.failed(foreign);
    }
    try {
      Files.createDirectories(folder);
      for (int i = 0; i < files.size(); i++) {
        writeAtomically(files.get(i), documents.get(i).text());
      }
    } catch (IOException e) {
      return ImportOutcome.failed(
          List.of(
              "cannot write " + folder + ": " + redactor.redact(String.valueOf(e.getMessage()))));
    }
    return validateAndCompare(subscription, live, documents, files, request.workingDirectory());
  }

  /**
   * Loads what was written, as {@code modelplane validate} would, and compares it with the live
   * answer as drift does.
   */
  private static ImportOutcome validateAndCompare(
      String subscription,
      List<Live> live,
      List<LiveClusterDocument.Result> documents,
      List<Path> files,
      Path workingDirectory) {
    List<InputSource> sources =
        files.stream()
            .map(file -> InputSource.file(file, display(workingDirectory, file)))
            .toList();
    ValidationResult loaded = new Validator(CrdSchema.bundled()).validate(sources);
    List<String> errors =
        loaded.diagnostics().stream().filter(Diagnostic::isError).map(Diagnostic::format).toList();
    Map<String, AksCluster> byFile = new java.util.HashMap<>();
    loaded.clusters().forEach(cluster -> byFile.put(cluster.source().displayPath(), cluster));
    List<ImportOutcome.ImportedCluster> imported = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      Live one = live.get(i);
      AksCluster cluster = byFile.get(sources.get(i).displayPath());
      List<String> changes = new ArrayList<>();
      if (cluster != null) {
        LiveState state =
            new LiveState(true, Optional.of(one.cluster()), one.network(), Optional.empty());
        DriftComparator.compare(ClusterPlan.of(cluster), subscription, state).stream()
            .sorted(Finding.ORDER)
            .forEach(
                f ->
                    changes.add(
                        f.severity().name().toLowerCase(Locale.ROOT)
                            + " "
                            + f.kind().name().toLowerCase(Locale.ROOT)
                            + " "
                            + f.azureProperty()
                            + " ("
                            + f.path()
                            + "): live "
                            + f.live()
                            + ", generated "
                            + f.desired()));
      }
      imported.add(
          new ImportOutcome.ImportedCluster(
              String.valueOf(one.cluster().id()),
              files.get(i),
              documents.get(i).warnings(),
              changes));
    }
    return new ImportOutcome(imported, errors);
  }

  private static String display(Path workingDirectory, Path file) {
    Path absolute = workingDirectory.toAbsolutePath().normalize();
    Path target = file.toAbsolutePath().normalize();
    return target.startsWith(absolute) ? absolute.relativize(target).toString() : target.toString();
  }

  private static boolean writtenByImport(Path file) {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = reader.readLine();
      return first != null && first.startsWith(LiveClusterDocument.MARKER);
    } catch (IOException e) {
      return false;
    }
  }

  /** A temporary file beside the target, then a move: a crash never leaves half a document. */
  private static void writeAtomically(Path file, String text) throws IOException {
    Path temporary = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
    try {
      Files.writeString(temporary, text, StandardCharsets.UTF_8);
      try {
        Files.move(
            temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
