package ai.modelplane.generator.load;

import ai.modelplane.generator.advice.LifecycleAdvisor;
import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.SourceRef;
import ai.modelplane.generator.validate.AzureRules;
import ai.modelplane.generator.validate.CelRules;
import ai.modelplane.generator.validate.Diagnostic;
import ai.modelplane.generator.validate.DiagnosticCode;
import ai.modelplane.generator.validate.FieldPaths;
import ai.modelplane.generator.validate.SchemaValidator;
import ai.modelplane.generator.validate.Severity;
import ai.modelplane.generator.validate.ValidationResult;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * Reads AKSCluster documents and validates them, collecting every problem: safe YAML reading with
 * positions, then apiVersion/kind/metadata, then the fields upstream Modelplane writes that the
 * generated code ignores, then the CRD defaults, then the CRD schema, then the CRD's CEL rules, then
 * the safe values for what upstream accepts and AKS cannot use, then Azure rules and the lifecycle
 * advisor's Kubernetes-version advice; only documents
 * without errors are bound to the model.
 */
public final class ClusterLoader {
  private final CrdSchema crd;
  private final Clock clock;
  private final int parallelThreshold;
  private final SafeYamlReader reader = new SafeYamlReader();
  private SchemaValidator schemaValidator;
  private CelRules celRules;
  private AzureRules azureRules;
  private LifecycleAdvisor advisor;

  /** Judges Kubernetes versions as of today, or the day {@link SupportCalendarClock#AS_OF} names. */
  public ClusterLoader(CrdSchema crd) {
    this(crd, SupportCalendarClock.fromEnvironment());
  }

  /** {@code clock} decides which Kubernetes versions AKS supports "today"; tests fix it. */
  public ClusterLoader(CrdSchema crd, Clock clock) {
    this(crd, clock, PARALLEL_THRESHOLD);
  }

  /** {@code parallelThreshold}: from how many sources on, files are read and validated on every core. */
  ClusterLoader(CrdSchema crd, Clock clock, int parallelThreshold) {
    this.crd = crd;
    this.clock = clock;
    this.parallelThreshold = parallelThreshold;
  }

  /**
   * Reads and validates every source. Diagnostics and clusters come out in source order whether or
   * not the sources were read in parallel.
   */
  public ValidationResult load(List<InputSource> sources) {
    return load(sources, false).result();
  }

  /** A valid cluster's defaulted document and the file it came from, kept to compare revisions. */
  public record KeptDocument(String file, ParsedDocument document) {}

  /**
   * What {@link #loadKeepingDocuments} read: the result, and per valid cluster ({@code
   * namespace/name}) its document, the earliest when a name is defined twice.
   */
  public record Loaded(ValidationResult result, Map<String, KeptDocument> documents) {
    public Loaded {
      documents = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(documents));
    }
  }

  /**
   * {@link #load}, keeping every valid cluster's document for {@link #checkTransitions}; only
   * {@code diff} needs them, so plain loads hold on to nothing.
   */
  public Loaded loadKeepingDocuments(List<InputSource> sources) {
    return load(sources, true);
  }

  /**
   * Runs the CRD's transition rules ({@code oldSelf}) of every cluster defined in both revisions,
   * as the API server would on an update of the applied object. A broken rule is a warning: the
   * generated code can still carry out the change (the diff says at what cost), but a Kubernetes
   * API server that serves this CRD refuses the update.
   */
  public List<Diagnostic> checkTransitions(Map<String, KeptDocument> previous, Map<String, KeptDocument> current) {
    List<Diagnostic> found = new ArrayList<>();
    for (Map.Entry<String, KeptDocument> entry : current.entrySet()) {
      KeptDocument before = previous.get(entry.getKey());
      if (before == null) {
        continue;
      }
      KeptDocument now = entry.getValue();
      String earlier = before.file() + ":" + before.document().start().line();
      for (CelRules.Violation violation : celRules().evaluateTransitions(now.document().root(), before.document().root())) {
        String pointer = violation.pointer() + fieldPathPointer(violation.rule().fieldPath());
        String message = violation.problem() == null
            ? violation.rule().message()
            : "rule " + violation.rule().expression() + " could not be evaluated: " + violation.problem();
        found.add(diagnostic(now.file(), now.document(), pointer, DiagnosticCode.MP301, Severity.WARNING, message,
            "rule " + violation.rule().expression() + ", against " + earlier + ": a Kubernetes API server serving this CRD refuses the update",
            false));
      }
    }
    found.sort(Diagnostic.BY_POSITION);
    return found;
  }

  private Loaded load(List<InputSource> sources, boolean keepDocuments) {
    List<SourceOutcome> outcomes;
    if (sources.size() < parallelThreshold) {
      outcomes = sources.stream().map(source -> validate(source, reader.read(source), keepDocuments)).toList();
    } else {
      // Many files (a fleet): the pool's threads start reading while this thread builds the
      // validators (once; they initialise lazily and are then safe to share, and building them
      // is mostly single-threaded class loading that would otherwise leave the other cores idle),
      // then this thread reads too; then every core validates.
      List<SafeYamlReader.Result> read = readWhilePreparingValidators(sources);
      outcomes = IntStream.range(0, sources.size()).parallel()
          .mapToObj(i -> validate(sources.get(i), read.get(i), keepDocuments))
          .toList();
    }
    List<AksCluster> clusters = new ArrayList<>();
    List<Diagnostic> diagnostics = new ArrayList<>();
    Map<String, KeptDocument> documents = new LinkedHashMap<>();
    for (SourceOutcome outcome : outcomes) {
      clusters.addAll(outcome.clusters());
      diagnostics.addAll(outcome.diagnostics());
      for (int i = 0; i < outcome.kept().size(); i++) {
        documents.putIfAbsent(outcome.clusters().get(i).qualifiedName(), outcome.kept().get(i));
      }
    }
    return new Loaded(new ValidationResult(withoutDuplicates(clusters, diagnostics), diagnostics), documents);
  }

  private List<SafeYamlReader.Result> readWhilePreparingValidators(List<InputSource> sources) {
    SafeYamlReader.Result[] read = new SafeYamlReader.Result[sources.size()];
    AtomicInteger next = new AtomicInteger();
    Runnable readRemaining = () -> {
      for (int i = next.getAndIncrement(); i < read.length; i = next.getAndIncrement()) {
        read[i] = reader.read(sources.get(i));
      }
    };
    List<ForkJoinTask<?>> helpers = new ArrayList<>();
    for (int i = 0; i < ForkJoinPool.getCommonPoolParallelism(); i++) {
      helpers.add(ForkJoinPool.commonPool().submit(readRemaining));
    }
    try {
      // A fleet of this size holds clusters; should it hold none, the validators were built for nothing.
      prepareValidators();
      readRemaining.run();
    } finally {
      helpers.forEach(ForkJoinTask::join);
    }
    return Arrays.asList(read);
  }

  /** Sources below this count are read on one thread: forking costs more than it saves. */
  static final int PARALLEL_THRESHOLD = 32;

  /** {@code kept}: empty, or the document of each of {@code clusters}, index by index. */
  private record SourceOutcome(List<AksCluster> clusters, List<Diagnostic> diagnostics, List<KeptDocument> kept) {}

  private SourceOutcome validate(InputSource source, SafeYamlReader.Result read, boolean keepDocuments) {
    List<AksCluster> clusters = new ArrayList<>();
    List<KeptDocument> kept = new ArrayList<>();
    List<Diagnostic> diagnostics = new ArrayList<>(read.diagnostics());
    for (ParsedDocument document : read.documents()) {
      if (source.foundInFolder() && isNotAKubernetesResource(document.root())) {
        // A folder of clusters may also hold CI workflows or Helm values; say so, but do not fail.
        diagnostics.add(new Diagnostic(DiagnosticCode.MP108.name(), Severity.WARNING, source.displayPath(),
            document.start().line(), document.start().column(), "",
            "not a Kubernetes resource (no apiVersion and kind); skipped", "name the file to validate it as an AKSCluster"));
        continue;
      }
      int before = clusters.size();
      validate(source.displayPath(), document, clusters, diagnostics);
      if (keepDocuments && clusters.size() > before) {
        kept.add(new KeptDocument(source.displayPath(), document));
      }
    }
    return new SourceOutcome(clusters, diagnostics, kept);
  }

  private static boolean isNotAKubernetesResource(JsonNode root) {
    return root.isObject() && !root.has("apiVersion") && !root.has("kind");
  }

  /**
   * Two documents for the same namespace/name would render to the same folder and fight over it:
   * every later one is an error that names the first.
   */
  private static List<AksCluster> withoutDuplicates(List<AksCluster> clusters, List<Diagnostic> diagnostics) {
    Map<String, AksCluster> first = new LinkedHashMap<>();
    for (AksCluster cluster : clusters) {
      AksCluster earlier = first.putIfAbsent(cluster.qualifiedName(), cluster);
      if (earlier != null) {
        diagnostics.add(new Diagnostic(DiagnosticCode.MP109.name(), Severity.ERROR, cluster.source().displayPath(),
            cluster.source().line(), 1, "metadata.name",
            "AKSCluster " + cluster.qualifiedName() + " is already defined at " + earlier.source().displayPath() + ":"
                + earlier.source().line(),
            "give one of them another name or namespace"));
      }
    }
    return List.copyOf(first.values());
  }

  private void validate(String file, ParsedDocument document, List<AksCluster> clusters, List<Diagnostic> diagnostics) {
    JsonNode root = document.root();
    SourceMap sourceMap = document.sourceMap();
    if (!root.isObject()) {
      diagnostics.add(new Diagnostic(DiagnosticCode.MP009.name(), Severity.ERROR, file, document.start().line(),
          document.start().column(), "", "each YAML document must be an AKSCluster object, not " + SchemaValidator.withArticle(SchemaValidator.jsonTypeName(root)), ""));
      return;
    }
    List<Diagnostic> found = new ArrayList<>();
    boolean fatal = false;
    List<MetadataRules.Finding> metadataFindings = MetadataRules.check(root);
    for (MetadataRules.Finding finding : metadataFindings) {
      found.add(diagnostic(file, document, finding.pointer(), finding.code(), Severity.ERROR, finding.message(), finding.hint(), finding.atKey()));
      fatal |= finding.fatal();
    }
    if (!fatal) {
      for (UpstreamCompatibility.Finding finding : UpstreamCompatibility.ignoredFields(root, sourceMap)) {
        found.add(diagnostic(file, document, finding.pointer(), finding.code(), Severity.WARNING, finding.message(), finding.hint(), true));
      }
      Defaulter.apply(crd.openApiSchema(), root);
      List<SchemaValidator.Finding> schemaFindings = schemaValidator().validate(root, pointer -> rawScalar(sourceMap, pointer));
      List<String> broken = new ArrayList<>();
      for (SchemaValidator.Finding finding : schemaFindings) {
        found.add(diagnostic(file, document, finding.pointer(), finding.code(), Severity.ERROR, finding.message(), finding.hint(), finding.atKey()));
        broken.add(finding.pointer());
      }
      for (CelRules.Violation violation : celRules().evaluate(root, target -> overlaps(target, broken))) {
        String pointer = violation.pointer() + fieldPathPointer(violation.rule().fieldPath());
        // A rule without fieldPath is about the whole object or list: point at the key naming it.
        boolean atKey = violation.rule().fieldPath().isEmpty();
        if (violation.problem() == null) {
          found.add(diagnostic(file, document, pointer, DiagnosticCode.MP301, Severity.ERROR, violation.rule().message(), "", atKey));
        } else {
          found.add(diagnostic(file, document, pointer, DiagnosticCode.MP302, Severity.ERROR,
              "rule " + violation.rule().expression() + " could not be evaluated: " + violation.problem(), "", false));
        }
      }
      // Azure rules and binding need a typed tree and a usable name.
      if (schemaFindings.isEmpty() && metadataFindings.isEmpty()) {
        // After the CEL rules, which judge the values as written, as the API server would.
        for (UpstreamCompatibility.Finding finding : UpstreamCompatibility.safeValues(root)) {
          found.add(diagnostic(file, document, finding.pointer(), finding.code(), Severity.WARNING, finding.message(), finding.hint(), false));
        }
        AksCluster cluster = ClusterBinder.bind(root, new SourceRef(file, document.index(), document.start().line()));
        for (AzureRules.Finding finding : azureRules().check(cluster)) {
          found.add(diagnostic(file, document, finding.pointer(), finding.code(), finding.severity(), finding.message(), finding.hint(), false));
        }
        advisor().kubernetesVersion(cluster.spec().kubernetesVersion()).ifPresent(advice -> found.add(
            diagnostic(file, document, advice.field(), advice.code(), Severity.WARNING, advice.message(), advice.hint(), false)));
        if (found.stream().noneMatch(Diagnostic::isError)) {
          clusters.add(cluster);
        }
      }
    }
    diagnostics.addAll(found);
  }

  private static boolean overlaps(String target, List<String> broken) {
    for (String pointer : broken) {
      if (pointer.equals(target) || pointer.startsWith(target + "/") || target.startsWith(pointer + "/")) {
        return true;
      }
    }
    return false;
  }

  /** A CEL {@code fieldPath} such as {@code .minNodeCount} or {@code .a.b} as a JSON pointer suffix. */
  private static String fieldPathPointer(String fieldPath) {
    StringBuilder pointer = new StringBuilder();
    for (String segment : fieldPath.split("\\.")) {
      if (!segment.isEmpty()) {
        pointer.append('/').append(segment.replace("~", "~0").replace("/", "~1"));
      }
    }
    return pointer.toString();
  }

  private static String rawScalar(SourceMap sourceMap, String pointer) {
    SourceMap.Origin origin = sourceMap.origin(pointer);
    return origin == null ? null : origin.rawScalar();
  }

  private static Diagnostic diagnostic(
      String file, ParsedDocument document, String pointer, DiagnosticCode code, Severity severity, String message, String hint, boolean atKey) {
    return diagnostic(file, document, pointer, code.name(), severity, message, hint, atKey);
  }

  private static Diagnostic diagnostic(
      String file, ParsedDocument document, String pointer, String code, Severity severity, String message, String hint, boolean atKey) {
    SourcePosition at = atKey ? document.sourceMap().keyPosition(pointer) : document.sourceMap().valuePosition(pointer);
    if (at.equals(SourcePosition.UNKNOWN)) {
      at = document.start();
    }
    return new Diagnostic(code, severity, file, at.line(), at.column(), FieldPaths.toFieldPath(pointer, document.root()), message, hint);
  }

  private synchronized void prepareValidators() {
    schemaValidator().prepareForConcurrentUse();
    celRules();
    azureRules();
    advisor();
  }

  private synchronized SchemaValidator schemaValidator() {
    if (schemaValidator == null) {
      schemaValidator = new SchemaValidator(crd.openApiSchema());
    }
    return schemaValidator;
  }

  private synchronized CelRules celRules() {
    if (celRules == null) {
      celRules = crd.celRules();
    }
    return celRules;
  }

  private synchronized AzureRules azureRules() {
    if (azureRules == null) {
      azureRules = new AzureRules(VmSizeCatalog.bundled());
    }
    return azureRules;
  }

  private synchronized LifecycleAdvisor advisor() {
    if (advisor == null) {
      advisor = LifecycleAdvisor.bundled(clock);
    }
    return advisor;
  }
}
