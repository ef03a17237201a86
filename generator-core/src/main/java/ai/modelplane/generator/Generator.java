package ai.modelplane.generator;

import ai.modelplane.generator.load.ClusterLoader;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.output.OutputTree;
import ai.modelplane.generator.output.TreeReport;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.RenderException;
import ai.modelplane.generator.render.Renderers;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TargetRenderer;
import ai.modelplane.generator.validate.ValidationResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The generation pipeline: load and validate, render every requested target, then write the output
 * tree (or, under check mode, compare with it). Nothing on disk changes unless every step before
 * the write succeeded.
 */
public final class Generator {
  /**
   * Clusters per rendering batch below which splitting costs more than it saves; bigger runs are
   * rendered in batches across the available cores.
   */
  static final int MIN_CLUSTERS_PER_BATCH = 16;

  private final Function<Target, Optional<TargetRenderer>> renderers;

  /** @param renderers the renderer of each target; {@link Renderers#forTarget} in production */
  public Generator(Function<Target, Optional<TargetRenderer>> renderers) {
    this.renderers = renderers;
  }

  /**
   * Runs one generation with the renderers of this build.
   *
   * @throws TargetUnavailableException when a requested target has no renderer
   * @throws NoClustersFoundException when the inputs hold no AKSCluster and the request does not
   *     allow an empty input; nothing was written or removed
   * @throws ai.modelplane.generator.output.OutputLockedException when another run is writing the
   *     output folder
   * @throws ai.modelplane.generator.output.OutputConflictException when writing would overwrite or
   *     remove a file the generator does not own, or (without {@code force}) one edited by hand
   * @throws IOException when inputs cannot be listed or the output cannot be read or written
   */
  public static GenerationResult generate(GenerationRequest request, ProgressListener progress) throws IOException {
    return new Generator(Renderers::forTarget).run(request, progress);
  }

  /** Runs one generation; see {@link #generate}. */
  public GenerationResult run(GenerationRequest request, ProgressListener progress) throws IOException {
    Warmup.generation(request.targets());
    List<TargetRenderer> targetRenderers = renderersFor(request.targets());
    OutputTree tree = new OutputTree(request.resolvedOutputDirectory());
    if (request.check()) {
      return run(request, progress, targetRenderers, tree);
    }
    // Locked before reading any input: a second run fails at once, not after rendering.
    try (OutputTree.Lock lock = tree.lock()) {
      return run(request, progress, targetRenderers, tree);
    }
  }

  private GenerationResult run(GenerationRequest request, ProgressListener progress, List<TargetRenderer> targetRenderers, OutputTree tree)
      throws IOException {
    List<InputSource> sources = Inputs.expand(request.inputs(), request.workingDirectory(), Optional.of(request.resolvedOutputDirectory()));
    ValidationResult validation = new ClusterLoader(CrdSchema.bundled()).load(sources);
    if (!validation.isValid(request.strict())) {
      return GenerationResult.invalid(validation.diagnostics());
    }
    List<AksCluster> clusters = validation.clusters();
    if (clusters.isEmpty() && !request.allowEmpty()) {
      // A mistyped or emptied input folder would otherwise remove every generated file.
      throw new NoClustersFoundException(request.inputs(), sources.size());
    }
    progress.info("loaded " + clusters.size() + " AKSCluster(s) from " + sources.size() + " file(s)");

    List<GeneratedFile> files = render(targetRenderers, clusters, batchCount(clusters.size()));
    progress.info("rendered " + files.size() + " file(s)");

    TreeReport report = request.check() ? tree.check(files) : tree.write(files, request.force());
    return new GenerationResult(
        validation.diagnostics(),
        report.written(),
        report.unchanged(),
        report.removed(),
        report.stale(),
        report.diff(),
        report.editedByHand(),
        clusters.size(),
        report.leftovers(),
        report.recovery());
  }

  private List<TargetRenderer> renderersFor(java.util.Set<Target> targets) {
    List<TargetRenderer> found = new ArrayList<>();
    List<Target> missing = new ArrayList<>();
    for (Target target : new TreeSet<>(targets)) {
      renderers.apply(target).ifPresentOrElse(found::add, () -> missing.add(target));
    }
    if (!missing.isEmpty()) {
      throw new TargetUnavailableException(missing);
    }
    return found;
  }

  /**
   * Renders every target, big runs in batches of clusters on every core. Batches repeat the shared
   * module files; those must come out identical, which also proves they do not depend on which
   * clusters are rendered together. The result is sorted by path, whatever order batches finish in.
   */
  static List<GeneratedFile> render(List<TargetRenderer> targetRenderers, List<AksCluster> clusters, int batchCount) {
    // Part by part, the targets in turn (rotated each part), so that the halves a parallel stream
    // splits the list into hold the same mix of targets (each core gets as much work) and the cores
    // start on different targets (each loads its own templates instead of waiting for the same ones).
    List<Batch> batches = new ArrayList<>();
    List<List<AksCluster>> parts = partition(clusters, batchCount);
    for (int part = 0; part < parts.size(); part++) {
      for (int i = 0; i < targetRenderers.size(); i++) {
        batches.add(new Batch(targetRenderers.get((part + i) % targetRenderers.size()), parts.get(part)));
      }
    }
    Stream<Batch> stream = batches.size() > 1 ? batches.parallelStream() : batches.stream();
    List<List<GeneratedFile>> rendered = stream.map(Batch::render).collect(Collectors.toList());

    SortedMap<String, GeneratedFile> byPath = new TreeMap<>();
    for (int i = 0; i < rendered.size(); i++) {
      for (GeneratedFile file : rendered.get(i)) {
        GeneratedFile earlier = byPath.putIfAbsent(file.relativePath(), file);
        if (earlier != null && !earlier.content().equals(file.content())) {
          throw new RenderException(
              "the " + batches.get(i).renderer().target().id() + " renderer produced two different versions of "
                  + file.relativePath() + " (shared files must not depend on which clusters are rendered together)",
              null);
        }
      }
    }
    return List.copyOf(byPath.values());
  }

  private record Batch(TargetRenderer renderer, List<AksCluster> clusters) {
    List<GeneratedFile> render() {
      return renderer.render(clusters);
    }
  }

  /** One batch per core, each of at least {@link #MIN_CLUSTERS_PER_BATCH} clusters. */
  static int batchCount(int clusters) {
    int cores = Runtime.getRuntime().availableProcessors();
    return Math.max(1, Math.min(cores, clusters / MIN_CLUSTERS_PER_BATCH));
  }

  /** Consecutive, near-equal parts, in input order. */
  static <T> List<List<T>> partition(List<T> items, int parts) {
    List<List<T>> result = new ArrayList<>(parts);
    int size = items.size();
    for (int i = 0; i < parts; i++) {
      result.add(items.subList(size * i / parts, size * (i + 1) / parts));
    }
    return result;
  }
}
