package ai.modelplane.cli;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diff.ChangeFacts;
import ai.modelplane.generator.diff.DiffJson;
import ai.modelplane.generator.diff.DiffMarkdown;
import ai.modelplane.generator.diff.DiffReport;
import ai.modelplane.generator.diff.DiffText;
import ai.modelplane.generator.diff.GitRevisions;
import ai.modelplane.generator.diff.GpuCapacity;
import ai.modelplane.generator.diff.ModelDiff;
import ai.modelplane.generator.diff.Revision;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.text.UnsafeText;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** {@code modelplane diff OLD NEW} and {@code modelplane diff --base GIT_REF [PATH…]}. */
final class DiffCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  enum Format {
    text,
    markdown,
    json
  }

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "diff",
          List.of(
              "Say what a change to AKSCluster YAML does in Azure: in-place update, node pool or cluster recreated, or refused.",
              "Compares OLD with NEW (files or folders), or with --base the working tree with a git commit (git must be on PATH).",
              "Each change is judged for Terraform and for Bicep (or, with --target, for one of them).",
              "Exit 0: nothing destructive; 2: something is deleted or recreated; 3: Azure refuses a change (the apply would fail); 1: invalid YAML or other error."),
          Verbosity.option(),
          CommandSpecs.option(String.class, "GIT_REF", "--base")
              .description("Compare the working tree with this commit, e.g. origin/main.")
              .build(),
          CommandSpecs.option(Format.class, "FORMAT", "--output")
              .defaultValue("text")
              .description("text (default), markdown (a pull-request comment) or json.")
              .build(),
          CommandSpecs.option(
                  GenerateCommand.TargetSelection.class, "terraform|bicep|all", "--target")
              .defaultValue("all")
              .converters(new GenerateCommand.TargetSelection.Converter())
              .description(
                  "Judge the changes for this target only (default: all, the worst of both decides).")
              .build(),
          CommandSpecs.option(Path.class, "DIR", "-C")
              .description("Run as if started in DIR (paths and git resolve there).")
              .build(),
          PositionalParamSpec.builder()
              .index("0..*")
              .arity("0..1")
              .type(List.class)
              .auxiliaryTypes(String.class)
              .initialValue(new ArrayList<String>())
              .paramLabel("PATH")
              .description(
                  "OLD and NEW; with --base, the files or folders to compare (default: .).")
              .build());

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    String base = CommandSpecs.value(spec, "--base");
    Format output = CommandSpecs.value(spec, "--output");
    Path directory = CommandSpecs.value(spec, "-C");
    GenerateCommand.TargetSelection targets = CommandSpecs.value(spec, "--target");
    List<String> paths = CommandSpecs.parameters(spec);
    Path workingDirectory = directory == null ? Path.of("") : directory;
    Path scratch = null;
    // One validator for both revisions, so that the CRD's validators are built once.
    Validator loader = new Validator(CrdSchema.bundled());
    try {
      Loaded before;
      Loaded after;
      if (base == null) {
        if (paths.size() != 2) {
          err.println("modelplane: diff needs OLD and NEW (or --base GIT_REF [PATH…])");
          return ModelplaneCommand.ERROR;
        }
        before = load(loader, List.of(paths.get(0)), workingDirectory, false, err);
        after = load(loader, List.of(paths.get(1)), workingDirectory, false, err);
      } else {
        List<String> roots = paths.isEmpty() ? List.of(".") : paths;
        scratch = Files.createTempDirectory("modelplane-diff");
        GitRevisions.Listing listing = GitRevisions.read(base, roots, workingDirectory, scratch);
        before = load(loader, listing.sources(), listing.fileKeys(), err);
        List<String> present =
            roots.stream().filter(r -> Files.exists(workingDirectory.resolve(r))).toList();
        after =
            present.isEmpty()
                ? new Loaded(new Revision(List.of(), Map.of()), Map.of())
                : load(loader, present, workingDirectory, true, err);
      }
      if (before == null || after == null) {
        return ModelplaneCommand.ERROR;
      }
      // The CRD's transition rules (oldSelf), judged as the API server judges an update.
      for (Diagnostic diagnostic : loader.checkTransitions(before.documents(), after.documents())) {
        err.println(diagnostic.format());
      }
      DiffReport all =
          new ModelDiff(ChangeFacts.bundled(), GpuCapacity.of(VmSizeCatalog.bundled()))
              .compare(before.revision(), after.revision());
      DiffReport report =
          new DiffReport(all.clusters(), all.unchanged(), List.copyOf(targets.targets()));
      out.print(
          switch (output) {
            case text -> DiffText.render(report);
            case markdown -> DiffMarkdown.render(report);
            case json -> DiffJson.render(report);
          });
      out.flush();
      if (report.refused()) {
        return ModelplaneCommand.REFUSED;
      }
      return report.destructive() ? ModelplaneCommand.DIFFERENCE : ModelplaneCommand.OK;
    } catch (NoSuchFileException e) {
      err.println("modelplane: " + UnsafeText.escape(e.getFile() + ": no such file or folder"));
      return ModelplaneCommand.ERROR;
    } catch (GitRevisions.GitException e) {
      err.println("modelplane: " + UnsafeText.escape(e.getMessage()));
      return ModelplaneCommand.ERROR;
    } catch (IOException e) {
      err.println("modelplane: " + UnsafeText.escape(String.valueOf(e.getMessage())));
      return ModelplaneCommand.ERROR;
    } finally {
      deleteQuietly(scratch);
    }
  }

  /**
   * Loads files or folders. Files are keyed so that the same document is found in both revisions:
   * by their path from the working directory (against a git commit), else by their path inside the
   * folder given, or "" for a single file.
   */
  /** One revision: its clusters, and their documents for the transition rules. */
  private record Loaded(Revision revision, Map<String, Validator.KeptDocument> documents) {}

  private static Loaded load(
      Validator loader,
      List<String> roots,
      Path workingDirectory,
      boolean keyByWorkingPath,
      PrintWriter err)
      throws IOException {
    List<InputSource> sources = new ArrayList<>();
    Map<String, String> keys = new LinkedHashMap<>();
    for (String root : roots) {
      Path rootPath = workingDirectory.resolve(root).normalize();
      for (InputSource source : Inputs.expand(List.of(root), workingDirectory)) {
        sources.add(source);
        String key =
            keyByWorkingPath && source.path().isPresent()
                ? workingDirectory
                    .toAbsolutePath()
                    .relativize(source.path().get().toAbsolutePath())
                    .normalize()
                    .toString()
                    .replace('\\', '/')
                : Files.isDirectory(rootPath) && source.path().isPresent()
                    ? rootPath.relativize(source.path().get()).toString().replace('\\', '/')
                    : roots.size() == 1 ? "" : rootPath.toString().replace('\\', '/');
        keys.put(source.displayPath(), key);
      }
    }
    return load(loader, sources, keys, err);
  }

  private static Loaded load(
      Validator loader, List<InputSource> sources, Map<String, String> keys, PrintWriter err) {
    Validator.Validated loaded = loader.validateKeepingDocuments(sources);
    ValidationResult result = loaded.result();
    for (Diagnostic diagnostic : result.diagnostics()) {
      err.println(diagnostic.format());
    }
    return result.hasErrors()
        ? null
        : new Loaded(new Revision(result.clusters(), keys), loaded.documents());
  }

  private static void deleteQuietly(Path folder) {
    if (folder == null) {
      return;
    }
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException ignored) {
      // A temp folder left behind is harmless; the diff result stands.
    }
  }
}
