package ai.modelplane.generator;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.emit.Adoption;
import ai.modelplane.generator.emit.PlannedFile;
import ai.modelplane.generator.emit.Planner;
import ai.modelplane.generator.emit.RenderPlan;
import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.output.OutputTree;
import ai.modelplane.generator.output.TreeReport;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The generation pipeline: load and validate, bind, plan which files the run writes, render them,
 * then write the output tree (or, under check mode, compare with it). Nothing on disk changes
 * unless every step before the write succeeded.
 */
public final class Generator {
  /**
   * Clusters per core below which rendering on several threads costs more than it saves; bigger
   * runs render their planned files on every core.
   */
  static final int MIN_CLUSTERS_PER_BATCH = 16;

  private final Function<Target, Optional<TargetRenderer>> renderers;
  private final Planner planner;

  /**
   * @param renderers the renderer of each target; {@link Renderers#forTarget} in production
   */
  public Generator(Function<Target, Optional<TargetRenderer>> renderers) {
    this(renderers, Planner.STANDARD);
  }

  /**
   * @param renderers the renderer of each target; {@link Renderers#forTarget} in production
   * @param planner which files a run writes; {@link Planner#STANDARD} in production
   */
  public Generator(Function<Target, Optional<TargetRenderer>> renderers, Planner planner) {
    this.renderers = renderers;
    this.planner = planner;
  }

  /**
   * Runs one generation with the renderers of this build.
   *
   * @throws TargetUnavailableException when a requested target has no renderer
   * @throws NoRecordedTargetsException when a check is to take its targets from the output folder's
   *     manifest and there is none
   * @throws NoClustersFoundException when the inputs hold no AKSCluster and the request does not
   *     allow an empty input; nothing was written or removed
   * @throws ai.modelplane.generator.output.OutputLockedException when another run is writing the
   *     output folder
   * @throws ai.modelplane.generator.output.OutputConflictException when writing would overwrite or
   *     remove a file the generator does not own, or (without {@code force}) one edited by hand
   * @throws IOException when inputs cannot be listed or the output cannot be read or written
   */
  public static GenerationResult generate(GenerationRequest request, ProgressListener progress)
      throws IOException {
    return new Generator(Renderers::forTarget).run(request, progress);
  }

  /** The output folder's {@code .gitignore}, which the Terraform target writes. */
  static final String GITIGNORE = ".gitignore";

  /** Runs one generation; see {@link #generate}. */
  public GenerationResult run(GenerationRequest request, ProgressListener progress)
      throws IOException {
    return run(request, progress, "");
  }

  /**
   * Runs one generation; see {@link #generate}. {@code runDescription} says what this run is to a
   * run that finds the output folder locked ({@code module x of the Maven build in /repo}); empty
   * when its pid says enough.
   */
  public GenerationResult run(
      GenerationRequest request, ProgressListener progress, String runDescription)
      throws IOException {
    if (request.targetsAsRecorded()) {
      RecordedTargets recorded =
          RecordedTargets.read(
              request.resolvedOutputDirectory(), request.outputDirectory().toString());
      progress.notice("checking " + recorded.names() + ", as recorded in " + recorded.manifest());
      request = request.withTargets(recorded.targets().targets());
    }
    Map<Target, TargetRenderer> targetRenderers = renderersFor(request.targets());
    OutputTree tree = new OutputTree(request.resolvedOutputDirectory());
    if (request.check()) {
      return run(request, progress, targetRenderers, tree);
    }
    // Locked before reading any input: a second run fails at once, not after rendering.
    try (OutputTree.Lock lock = tree.lock(runDescription)) {
      return run(request, progress, targetRenderers, tree);
    }
  }

  private GenerationResult run(
      GenerationRequest request,
      ProgressListener progress,
      Map<Target, TargetRenderer> targetRenderers,
      OutputTree tree)
      throws IOException {
    List<InputSource> sources =
        Inputs.expand(
            request.inputs(),
            request.workingDirectory(),
            Optional.of(request.resolvedOutputDirectory()));
    // --adopt takes over clusters that exist: an end-of-life version stays a warning for them.
    Validator validator =
        request.adopt()
            ? Validator.forExistingClusters(CrdSchema.bundled())
            : new Validator(CrdSchema.bundled());
    ValidationResult validation = validator.validate(sources);
    if (!validation.isValid(request.strict())) {
      return GenerationResult.invalid(validation.diagnostics());
    }
    List<AksCluster> clusters =
        Provenance.relocate(
            validation.clusters(), request.workingDirectory(), request.resolvedOutputDirectory());
    if (clusters.isEmpty() && !request.allowEmpty()) {
      // A mistyped or emptied input folder would otherwise remove every generated file.
      throw new NoClustersFoundException(request.inputs(), sources.size());
    }
    progress.info(
        "loaded " + clusters.size() + " AKSCluster(s) from " + sources.size() + " file(s)");

    RenderPlan planned = planner.planFor(clusters, request.targets());
    RenderPlan plan =
        request.writesImports() ? Adoption.withImports(planned, request.adoptInCluster()) : planned;
    List<GeneratedFile> files =
        besideUsersGitignore(
            render(plan, targetRenderers, batchCount(clusters.size()) > 1),
            request,
            tree,
            progress);
    progress.info("rendered " + files.size() + " file(s)");

    TreeReport report = request.check() ? tree.check(files) : tree.write(files, request.force());
    return new GenerationResult(validation.diagnostics(), clusters.size(), Optional.of(report));
  }

  /**
   * {@code files} without the generated {@code .gitignore} when the output folder already holds one
   * the generator did not write (with other bytes): that one is the user's, never touched, and the
   * run says what it must keep out of Git instead of failing on it as on any other file in the way.
   */
  static List<GeneratedFile> besideUsersGitignore(
      List<GeneratedFile> files,
      GenerationRequest request,
      OutputTree tree,
      ProgressListener progress)
      throws IOException {
    Optional<GeneratedFile> generated =
        files.stream().filter(file -> file.relativePath().equals(GITIGNORE)).findFirst();
    Path existing = request.resolvedOutputDirectory().resolve(GITIGNORE);
    if (generated.isEmpty() || !Files.isRegularFile(existing, LinkOption.NOFOLLOW_LINKS)) {
      return files;
    }
    if (tree.recordedFiles().orElse(List.of()).contains(GITIGNORE)
        || Arrays.equals(
            Files.readAllBytes(existing),
            generated.get().content().getBytes(StandardCharsets.UTF_8))) {
      return files; // generated here before, or exactly what would be: the generator's own
    }
    progress.notice(
        "warning: "
            + request.outputDirectory().resolve(GITIGNORE)
            + " is not one modelplane generated, so it is left as it is; make sure it keeps"
            + " Terraform state and plans out of Git (*.tfstate, *.tfstate.*, .terraform/,"
            + " *.tfplan, tfplan, kubeconfig): the state holds the cluster's admin credentials");
    return files.stream().filter(file -> !file.relativePath().equals(GITIGNORE)).toList();
  }

  private Map<Target, TargetRenderer> renderersFor(Set<Target> targets) {
    Map<Target, TargetRenderer> found = new EnumMap<>(Target.class);
    List<Target> missing = new ArrayList<>();
    for (Target target : new TreeSet<>(targets)) {
      renderers
          .apply(target)
          .ifPresentOrElse(renderer -> found.put(target, renderer), () -> missing.add(target));
    }
    if (!missing.isEmpty()) {
      throw new TargetUnavailableException(missing);
    }
    return found;
  }

  /**
   * Renders every planned file with its target's renderer, big runs on every core, and returns
   * exactly one file per planned file, sorted by path whatever order threads finish in.
   */
  static List<GeneratedFile> render(
      RenderPlan plan, Map<Target, TargetRenderer> renderers, boolean parallel) {
    // In path order, a cluster's files of every target are neighbours, so the parts a parallel
    // stream
    // splits the list into hold the same mix of targets (each core gets as much work); the stream
    // keeps that order, which is also the order of the result.
    List<PlannedFile> byPath = new ArrayList<>(plan.files());
    byPath.sort(Comparator.comparing(PlannedFile::path));
    Stream<PlannedFile> planned = parallel ? byPath.parallelStream() : byPath.stream();
    return planned
        .map(
            file ->
                new GeneratedFile(file.path(), rendererOf(renderers, file.target()).render(file)))
        .toList();
  }

  private static TargetRenderer rendererOf(Map<Target, TargetRenderer> renderers, Target target) {
    TargetRenderer renderer = renderers.get(target);
    if (renderer == null) {
      throw new IllegalStateException(
          "planned a " + target.id() + " file, but that target was not requested");
    }
    return renderer;
  }

  /** One batch per core, each of at least {@link #MIN_CLUSTERS_PER_BATCH} clusters. */
  static int batchCount(int clusters) {
    int cores = Runtime.getRuntime().availableProcessors();
    return Math.max(1, Math.min(cores, clusters / MIN_CLUSTERS_PER_BATCH));
  }
}
