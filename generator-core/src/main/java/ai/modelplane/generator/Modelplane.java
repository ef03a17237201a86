package ai.modelplane.generator;

import ai.modelplane.generator.advice.LifecycleAdvisor;
import ai.modelplane.generator.catalog.KubernetesVersions;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.diff.RevisionDiff;
import ai.modelplane.generator.docs.ExplainText;
import ai.modelplane.generator.docs.FieldDoc;
import ai.modelplane.generator.docs.FieldReference;
import ai.modelplane.generator.docs.StarterCluster;
import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.load.SupportCalendarClock;
import ai.modelplane.generator.output.IoMessages;
import ai.modelplane.generator.output.Manifest;
import ai.modelplane.generator.output.OutputConflict;
import ai.modelplane.generator.output.OutputConflictException;
import ai.modelplane.generator.output.OutputLockedException;
import ai.modelplane.generator.output.TreeReport;
import ai.modelplane.generator.render.TargetSelection;
import ai.modelplane.generator.text.UnsafeText;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * What the CLI and the Maven plugin call: validate, generate, diff, explain a field, the schema,
 * the starter document. Adapters map their options to a request and a result to exit codes or build
 * failures; everything between lives here and below. Drift and import go through {@link
 * ai.modelplane.generator.drift.DriftService} and {@link
 * ai.modelplane.generator.adopt.ImportService}.
 */
public final class Modelplane {
  /** The kind of document the generator reads. */
  public static final String KIND = CrdSchema.KIND;

  /** Where the output folder lists the files the generator owns. */
  public static final String MANIFEST_PATH = Manifest.PATH;

  private final Generator generator;

  /** With the renderers and plan of this build. */
  public Modelplane() {
    this(new Generator(Renderers::forTarget));
  }

  /** With another generator (other renderers or plan); tests use it. */
  public Modelplane(Generator generator) {
    this.generator = generator;
  }

  /**
   * Validates the inputs against the CRD, its rules and Azure's, and judges the output's pinned
   * versions on the same day.
   *
   * @throws IOException when the inputs cannot be listed
   */
  public ValidationReport validate(ValidationRequest request) throws IOException {
    List<InputSource> sources = Inputs.expand(request.inputs(), request.workingDirectory());
    // The day asked for wins; otherwise MODELPLANE_AS_OF or today, as for every other command.
    Clock clock =
        request
            .asOf()
            .map(SupportCalendarClock::on)
            .orElseGet(SupportCalendarClock::fromEnvironment);
    ValidationResult result = new Validator(CrdSchema.bundled(), clock).validate(sources);
    List<Diagnostic> pins = LifecycleAdvisor.bundled(clock).outputWarnings(result.clusters());
    int read = (int) sources.stream().filter(source -> source.problem().isEmpty()).count();
    return new ValidationReport(result.diagnostics(), pins, result.clusters().size(), read);
  }

  /**
   * Runs one generation; see {@link Generator#run}.
   *
   * @throws OutputRefusedException when another run holds the output folder, or writing would
   *     overwrite or remove a file the generator does not own (or one edited by hand)
   */
  public GenerationResult generate(GenerationRequest request, ProgressListener progress)
      throws IOException {
    return generate(request, progress, "");
  }

  /**
   * Runs one generation; see {@link Generator#run}. {@code runDescription} names this run to a run
   * that finds the output folder locked, where a pid is not enough: several runs of one Maven build
   * share the build's pid ({@code module x of the Maven build in /repo}).
   *
   * @throws OutputRefusedException when another run holds the output folder, or writing would
   *     overwrite or remove a file the generator does not own (or one edited by hand)
   */
  public GenerationResult generate(
      GenerationRequest request, ProgressListener progress, String runDescription)
      throws IOException {
    try {
      return generator.run(request, progress, runDescription);
    } catch (OutputLockedException e) {
      throw new OutputRefusedException(e, List.of());
    } catch (OutputConflictException e) {
      String root = request.outputDirectory().toString();
      throw new OutputRefusedException(
          e,
          e.conflicts().stream()
              .map(c -> new OutputRefusedException.Conflict(c.describe(root), isHandEdit(c)))
              .toList());
    }
  }

  private static boolean isHandEdit(OutputConflict conflict) {
    return conflict.kind().isHandEdit();
  }

  /**
   * What a write did about an interrupted run before its own changes, phrased for users; empty when
   * there was none.
   */
  public static Optional<String> recovery(GenerationResult result) {
    if (result.recovery() == TreeReport.Recovery.ROLLED_BACK) {
      return Optional.of("rolled back the changes of an interrupted run before this one");
    }
    if (result.recovery() == TreeReport.Recovery.COMPLETED) {
      return Optional.of("completed the changes of an interrupted run before this one");
    }
    return Optional.empty();
  }

  /** Reads both revisions, matches their documents and says what the change does in Azure. */
  public DiffResult diff(DiffRequest request) {
    return diff(request, ProgressListener.SILENT);
  }

  /**
   * {@link #diff(DiffRequest)}, saying on {@code progress} which targets it took from the generated
   * folder's manifest when none was named.
   */
  public DiffResult diff(DiffRequest request, ProgressListener progress) {
    TargetSelection targets = request.targets();
    if (targets.isEmpty() && request.generated().isPresent()) {
      Path generated = request.generated().get();
      try {
        RecordedTargets recorded =
            RecordedTargets.read(
                request.workingDirectory().resolve(generated), generated.toString());
        progress.notice("judging " + recorded.names() + ", as recorded in " + recorded.manifest());
        targets = recorded.targets();
      } catch (NoRecordedTargetsException e) {
        return new DiffResult(
            List.of(),
            Optional.of(e.getMessage() + "; name the targets with --targets terraform|bicep|all"),
            Optional.empty());
      } catch (IOException e) {
        return new DiffResult(List.of(), Optional.of(describe(e)), Optional.empty());
      }
    } else if (targets.isEmpty()) {
      targets = TargetSelection.ALL;
    }
    RevisionDiff.Outcome outcome =
        RevisionDiff.compare(
            request.base(),
            request.paths(),
            request.workingDirectory(),
            List.copyOf(targets.targets()));
    return new DiffResult(outcome.diagnostics(), outcome.failure(), outcome.report());
  }

  /**
   * A field's type, bounds, default and description, from the CRD ({@code spec.nodePools.fabric});
   * without a field, the top-level fields. Empty when the CRD has no such field.
   */
  public Optional<String> explain(Optional<String> field) {
    FieldReference reference = new FieldReference(CrdSchema.bundled());
    Optional<FieldDoc> doc =
        field.isEmpty() ? Optional.of(reference.root()) : reference.find(field.get());
    return doc.map(ExplainText::render);
  }

  /** The resource {@link #schema} reads: the CRD, or the editor JSON Schema. */
  public static String schemaResource(boolean editorSchema) {
    return editorSchema ? "schema/akscluster.schema.json" : CrdSchema.RESOURCE;
  }

  /** The CRD's YAML, or the editor JSON Schema; empty when missing from this build. */
  public Optional<String> schema(boolean editorSchema) throws IOException {
    String resource = schemaResource(editorSchema);
    try (InputStream in = CrdSchema.class.getClassLoader().getResourceAsStream(resource)) {
      return in == null
          ? Optional.empty()
          : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  /**
   * The starter document of {@code modelplane init}, checked by the same validation as {@code
   * validate} (as of today, or the day {@code MODELPLANE_AS_OF} names).
   */
  public Starter starter(StarterRequest request) throws IOException {
    Clock clock = SupportCalendarClock.fromEnvironment();
    String yaml =
        new StarterCluster(
                request.name(),
                request.namespace(),
                request.location(),
                request.gpu(),
                request.schemaLocation())
            .render(
                new FieldReference(CrdSchema.bundled()),
                KubernetesVersions.bundled(),
                LocalDate.now(clock));
    Path scratch = Files.createTempFile("modelplane-init", ".yaml");
    try {
      Files.writeString(scratch, yaml);
      ValidationResult result =
          new Validator(CrdSchema.bundled(), clock)
              .validate(List.of(InputSource.file(scratch, request.displayPath())));
      return new Starter(yaml, result.diagnostics());
    } finally {
      Files.deleteIfExists(scratch);
    }
  }

  /** How standard input is named in findings. */
  public static final String STDIN = InputSource.STDIN;

  /** An I/O failure as one line for users (the file, and why), never a stack trace. */
  public static String describe(IOException e) {
    return IoMessages.describe(e);
  }

  /**
   * {@code text} with control and bidi characters escaped, for messages that quote paths and values
   * the user gave.
   */
  public static String escape(String text) {
    return UnsafeText.escape(text);
  }
}
