package ai.modelplane.generator.validate;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.ParsedDocument;
import ai.modelplane.generator.load.SafeYamlReader;
import ai.modelplane.generator.load.SupportCalendarClock;
import ai.modelplane.generator.model.AksCluster;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Reads AKSCluster documents (through {@code load}) and validates them in ordered stages,
 * collecting every problem: apiVersion/kind/metadata, then the fields upstream Modelplane writes
 * that the generated code ignores, then the CRD defaults, then the CRD schema, then the CRD's CEL
 * rules, then the safe values for what upstream accepts and AKS cannot use, then (on the bound
 * cluster) Azure rules and the dated Kubernetes-version rule. Each stage writes into the document's
 * {@link Diagnostics}; only documents without errors come out as clusters.
 */
public final class Validator {
  private final int parallelThreshold;
  private final SafeYamlReader reader = new SafeYamlReader();
  private final DocumentStages stages;

  /**
   * Judges Kubernetes versions as of today, or the day {@link SupportCalendarClock#AS_OF} names.
   */
  public Validator(CrdSchema crd) {
    this(crd, SupportCalendarClock.fromEnvironment());
  }

  /** {@code clock} decides which Kubernetes versions AKS supports "today"; tests fix it. */
  public Validator(CrdSchema crd, Clock clock) {
    this(crd, clock, PARALLEL_THRESHOLD);
  }

  /**
   * {@code parallelThreshold}: from how many sources on, files are read and validated on every
   * core.
   */
  Validator(CrdSchema crd, Clock clock, int parallelThreshold) {
    this(crd, clock, parallelThreshold, false);
  }

  private Validator(CrdSchema crd, Clock clock, int parallelThreshold, boolean existingClusters) {
    this.parallelThreshold = parallelThreshold;
    this.stages = new DocumentStages(crd, clock, existingClusters);
  }

  /**
   * A validator for clusters that already exist in Azure ({@code diff}, {@code drift}, {@code
   * import}, {@code generate --adopt}): a Kubernetes version past AKS's end of life is a warning
   * (MP408), since such a cluster keeps running and is upgraded from there, where for a new cluster
   * it is an error (MP416), since AKS creates none at it.
   */
  public static Validator forExistingClusters(CrdSchema crd) {
    return forExistingClusters(crd, SupportCalendarClock.fromEnvironment());
  }

  /** {@link #forExistingClusters(CrdSchema)}, judged as of {@code clock}'s day. */
  public static Validator forExistingClusters(CrdSchema crd, Clock clock) {
    return new Validator(crd, clock, PARALLEL_THRESHOLD, true);
  }

  /**
   * Reads and validates every source. Diagnostics and clusters come out in source order whether or
   * not the sources were read in parallel.
   */
  public ValidationResult validate(List<InputSource> sources) {
    return validate(sources, false).result();
  }

  /** A valid cluster's defaulted document and the file it came from, kept to compare revisions. */
  public record KeptDocument(String file, ParsedDocument document) {}

  /**
   * What {@link #validateKeepingDocuments} read: the result, and per valid cluster ({@code
   * namespace/name}) its document, the earliest when a name is defined twice.
   */
  public record Validated(ValidationResult result, Map<String, KeptDocument> documents) {
    public Validated {
      documents = Collections.unmodifiableMap(new LinkedHashMap<>(documents));
    }
  }

  /**
   * {@link #validate}, keeping every valid cluster's document for {@link #checkTransitions}; only
   * {@code diff} needs them, so plain runs hold on to nothing.
   */
  public Validated validateKeepingDocuments(List<InputSource> sources) {
    return validate(sources, true);
  }

  /**
   * Runs the CRD's transition rules ({@code oldSelf}) of every cluster defined in both revisions,
   * as the API server would on an update of the applied object. A broken rule is a warning: the
   * generated code can still carry out the change (the diff says at what cost), but a Kubernetes
   * API server that serves this CRD refuses the update.
   */
  public List<Diagnostic> checkTransitions(
      Map<String, KeptDocument> previous, Map<String, KeptDocument> current) {
    List<Diagnostic> found = new ArrayList<>();
    for (Map.Entry<String, KeptDocument> entry : current.entrySet()) {
      KeptDocument before = previous.get(entry.getKey());
      if (before == null) {
        continue;
      }
      KeptDocument now = entry.getValue();
      String earlier = before.file() + ":" + before.document().start().line();
      Diagnostics broken = new Diagnostics(now.file(), now.document());
      stages
          .celRules()
          .evaluateTransitions(now.document().root(), before.document().root(), earlier, broken);
      found.addAll(broken.list());
    }
    found.sort(Diagnostic.BY_POSITION);
    return found;
  }

  private Validated validate(List<InputSource> sources, boolean keepDocuments) {
    List<SourceOutcome> outcomes;
    if (sources.size() < parallelThreshold) {
      outcomes =
          sources.stream()
              .map(source -> validate(source, reader.read(source), keepDocuments))
              .toList();
    } else {
      // Many files (a fleet): the pool's threads start reading while this thread builds the
      // validators (once; they initialise lazily and are then safe to share, and building them
      // is mostly single-threaded class loading that would otherwise leave the other cores idle),
      // then this thread reads too; then every core validates.
      List<SafeYamlReader.Result> read = readWhilePreparingValidators(sources);
      outcomes =
          IntStream.range(0, sources.size())
              .parallel()
              .mapToObj(i -> validate(sources.get(i), read.get(i), keepDocuments))
              .toList();
    }
    List<AksCluster> clusters = new ArrayList<>();
    List<FleetNames.NameSites> sites = new ArrayList<>();
    List<Diagnostic> diagnostics = new ArrayList<>();
    Map<String, KeptDocument> documents = new LinkedHashMap<>();
    for (SourceOutcome outcome : outcomes) {
      clusters.addAll(outcome.clusters());
      sites.addAll(outcome.sites());
      diagnostics.addAll(outcome.diagnostics());
      for (int i = 0; i < outcome.kept().size(); i++) {
        documents.putIfAbsent(outcome.clusters().get(i).qualifiedName(), outcome.kept().get(i));
      }
    }
    List<AksCluster> distinct = withoutDuplicates(clusters, diagnostics);
    Map<AksCluster, FleetNames.NameSites> sitesOf = new IdentityHashMap<>();
    for (int i = 0; i < clusters.size(); i++) {
      sitesOf.put(clusters.get(i), sites.get(i));
    }
    List<FleetNames.NameSites> distinctSites = distinct.stream().map(sitesOf::get).toList();
    return new Validated(
        new ValidationResult(FleetNames.check(distinct, distinctSites, diagnostics), diagnostics),
        documents);
  }

  private List<SafeYamlReader.Result> readWhilePreparingValidators(List<InputSource> sources) {
    SafeYamlReader.Result[] read = new SafeYamlReader.Result[sources.size()];
    AtomicInteger next = new AtomicInteger();
    Runnable readRemaining =
        () -> {
          for (int i = next.getAndIncrement(); i < read.length; i = next.getAndIncrement()) {
            read[i] = reader.read(sources.get(i));
          }
        };
    List<ForkJoinTask<?>> helpers = new ArrayList<>();
    for (int i = 0; i < ForkJoinPool.getCommonPoolParallelism(); i++) {
      helpers.add(ForkJoinPool.commonPool().submit(readRemaining));
    }
    try {
      // A fleet of this size holds clusters; should it hold none, the validators were built for
      // nothing.
      stages.prepareValidators();
      readRemaining.run();
    } finally {
      helpers.forEach(ForkJoinTask::join);
    }
    return Arrays.asList(read);
  }

  /** Sources below this count are read on one thread: forking costs more than it saves. */
  static final int PARALLEL_THRESHOLD = 32;

  /**
   * {@code kept}: empty, or the document of each of {@code clusters}, index by index; {@code
   * sites}: where each cluster's names come from, index by index.
   */
  private record SourceOutcome(
      List<AksCluster> clusters,
      List<FleetNames.NameSites> sites,
      List<Diagnostic> diagnostics,
      List<KeptDocument> kept) {}

  private SourceOutcome validate(
      InputSource source, SafeYamlReader.Result read, boolean keepDocuments) {
    List<AksCluster> clusters = new ArrayList<>();
    List<FleetNames.NameSites> sites = new ArrayList<>();
    List<KeptDocument> kept = new ArrayList<>();
    List<Diagnostic> diagnostics = new ArrayList<>(read.diagnostics());
    for (ParsedDocument document : read.documents()) {
      if (source.foundInFolder() && isNotAKubernetesResource(document.root())) {
        // A folder of clusters may also hold CI workflows or Helm values; say so, but do not fail.
        Diagnostics skipped = new Diagnostics(source.displayPath(), document);
        skipped.atDocument(
            DiagnosticCode.MP108,
            Severity.WARNING,
            "not a Kubernetes resource (no apiVersion and kind); skipped",
            "name the file to validate it as an AKSCluster");
        diagnostics.addAll(skipped.list());
        continue;
      }
      if (source.foundInFolder() && isAnotherApiGroupsResource(document.root())) {
        // Workloads beside the clusters (the smoke pods in examples/workloads/) are Kubernetes
        // resources of other API groups, never AKSCluster input; a named file is still validated.
        continue;
      }
      int before = clusters.size();
      stages.run(source.displayPath(), document, clusters, sites, diagnostics);
      if (keepDocuments && clusters.size() > before) {
        kept.add(new KeptDocument(source.displayPath(), document));
      }
    }
    return new SourceOutcome(clusters, sites, diagnostics, kept);
  }

  /**
   * A Kubernetes resource of another kind than AKSCluster whose apiVersion names another API group
   * than {@link CrdSchema#GROUP} ({@code v1} is the core group), such as a Pod or a
   * ResourceClaimTemplate.
   */
  private static boolean isAnotherApiGroupsResource(JsonNode root) {
    if (!root.isObject() || !root.path("apiVersion").isTextual() || !root.has("kind")) {
      return false;
    }
    if (root.path("kind").asText().equals("AKSCluster")) {
      return false; // a mistyped group of an AKSCluster is reported, not skipped
    }
    String apiVersion = root.path("apiVersion").asText();
    int slash = apiVersion.indexOf('/');
    String group = slash < 0 ? "" : apiVersion.substring(0, slash);
    return !group.equals(CrdSchema.GROUP);
  }

  private static boolean isNotAKubernetesResource(JsonNode root) {
    return root.isObject() && !root.has("apiVersion") && !root.has("kind");
  }

  /**
   * Two documents for the same namespace/name would render to the same folder and fight over it:
   * every later one is an error that names the first.
   */
  private static List<AksCluster> withoutDuplicates(
      List<AksCluster> clusters, List<Diagnostic> diagnostics) {
    Map<String, AksCluster> first = new LinkedHashMap<>();
    for (AksCluster cluster : clusters) {
      AksCluster earlier = first.putIfAbsent(cluster.qualifiedName(), cluster);
      if (earlier != null) {
        diagnostics.add(
            new Diagnostic(
                DiagnosticCode.MP109,
                Severity.ERROR,
                cluster.source().displayPath(),
                cluster.source().line(),
                1,
                "metadata.name",
                "AKSCluster "
                    + cluster.qualifiedName()
                    + " is already defined at "
                    + earlier.source().displayPath()
                    + ":"
                    + earlier.source().line(),
                "give one of them another name or namespace"));
      }
    }
    return List.copyOf(first.values());
  }
}
