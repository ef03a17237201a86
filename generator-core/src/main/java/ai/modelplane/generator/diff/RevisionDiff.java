package ai.modelplane.generator.diff;

import ai.modelplane.generator.catalog.VmSizeCatalog;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.load.SafeYamlReader;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads two revisions as the user named them (OLD and NEW files or folders, or a git commit and the
 * working tree), matches their documents and compares them. Every finding of both revisions is
 * kept, in the order the revisions were read.
 */
public final class RevisionDiff {
  /**
   * What a comparison found.
   *
   * @param diagnostics the findings of both revisions, then the CRD's transition rules
   * @param failure why nothing was compared (a usage mistake, a missing file, git), for users;
   *     empty when compared or when the diagnostics hold the errors that stopped it
   * @param report the comparison, judged for the targets asked; empty when the revisions could not
   *     be read or hold errors
   */
  public record Outcome(
      List<Diagnostic> diagnostics, Optional<String> failure, Optional<DiffReport> report) {
    public Outcome {
      diagnostics = List.copyOf(diagnostics);
    }
  }

  /** One revision: its clusters, and their documents for the transition rules. */
  private record Loaded(Revision revision, Map<String, Validator.KeptDocument> documents) {}

  private final List<Diagnostic> diagnostics = new ArrayList<>();
  // One validator for both revisions, so that the CRD's validators are built once.
  private final Validator validator = Validator.forExistingClusters(CrdSchema.bundled());
  private final Path workingDirectory;

  private RevisionDiff(Path workingDirectory) {
    this.workingDirectory = workingDirectory;
  }

  /**
   * Compares {@code paths} (OLD and NEW) or, with {@code base}, the files under {@code paths}
   * (default {@code .}) at that git commit with the working tree.
   */
  public static Outcome compare(
      Optional<String> base, List<String> paths, Path workingDirectory, List<Target> targets) {
    return new RevisionDiff(workingDirectory).run(base, paths, targets);
  }

  private Outcome run(Optional<String> base, List<String> paths, List<Target> targets) {
    Path scratch = null;
    try {
      Loaded before;
      Loaded after;
      if (base.isEmpty()) {
        if (paths.size() != 2) {
          return failed("diff needs OLD and NEW (or --base GIT_REF [PATH…])");
        }
        before = load(List.of(paths.get(0)));
        after = load(List.of(paths.get(1)));
      } else {
        List<String> roots = paths.isEmpty() ? List.of(".") : paths;
        scratch = Files.createTempDirectory("modelplane-diff");
        // The commit's files are written out and searched with the working tree's rules, so that
        // an unchanged checkout compares equal.
        GitRevisions.Snapshot snapshot =
            GitRevisions.checkout(
                base.get(), roots, workingDirectory, scratch, SafeYamlReader.MAX_BYTES);
        List<String> present =
            roots.stream().filter(r -> Files.exists(workingDirectory.resolve(r))).toList();
        for (String root : roots) {
          if (!present.contains(root) && !snapshot.presentRoots().contains(root)) {
            return failed(
                root
                    + ": in neither the working tree nor "
                    + base.get()
                    + " ("
                    + snapshot.commit().substring(0, 12)
                    + "); name a file or folder of either");
          }
        }
        before = load(snapshot.presentRoots(), snapshot.tree(), base.get() + ":");
        after = load(present, workingDirectory, "");
      }
      if (before == null || after == null) {
        return new Outcome(diagnostics, Optional.empty(), Optional.empty());
      }
      // The CRD's transition rules (oldSelf), judged as the API server judges an update.
      diagnostics.addAll(validator.checkTransitions(before.documents(), after.documents()));
      DiffReport all =
          new ModelDiff(ChangeFacts.bundled(), GpuCapacity.of(VmSizeCatalog.bundled()))
              .compare(before.revision(), after.revision());
      DiffReport report = new DiffReport(all.clusters(), all.unchanged(), targets);
      return new Outcome(diagnostics, Optional.empty(), Optional.of(report));
    } catch (NoSuchFileException e) {
      return failed(e.getFile() + ": no such file or folder");
    } catch (GitRevisions.GitException e) {
      return failed(e.getMessage());
    } catch (IOException e) {
      return failed(String.valueOf(e.getMessage()));
    } finally {
      deleteQuietly(scratch);
    }
  }

  private Outcome failed(String why) {
    return new Outcome(diagnostics, Optional.of(why), Optional.empty());
  }

  /**
   * Loads files or folders, each file keyed by its path inside the folder given, or "" for a single
   * file, so that the same document is found in both revisions.
   */
  private Loaded load(List<String> roots) throws IOException {
    List<InputSource> sources = new ArrayList<>();
    Map<String, String> keys = new LinkedHashMap<>();
    for (String root : roots) {
      Path rootPath = workingDirectory.resolve(root).normalize();
      for (InputSource source : Inputs.expand(List.of(root), workingDirectory)) {
        sources.add(source);
        String key =
            Files.isDirectory(rootPath) && source.path().isPresent()
                ? rootPath.relativize(source.path().get()).toString().replace('\\', '/')
                : roots.size() == 1 ? "" : rootPath.toString().replace('\\', '/');
        keys.put(source.displayPath(), key);
      }
    }
    return load(sources, keys);
  }

  /**
   * Loads the files under {@code roots} of a working directory (the real one, or a commit written
   * out), each keyed by its path from that directory, so that a file of the commit and the same
   * file in the working tree share a key. Nothing to load is an empty revision.
   */
  private Loaded load(List<String> roots, Path directory, String displayPrefix) throws IOException {
    if (roots.isEmpty()) {
      return new Loaded(new Revision(List.of(), Map.of()), Map.of());
    }
    List<InputSource> sources = Inputs.expand(roots, directory, Optional.empty(), displayPrefix);
    Map<String, String> keys = new LinkedHashMap<>();
    Path from = directory.toAbsolutePath();
    for (InputSource source : sources) {
      keys.put(
          source.displayPath(),
          source.path().isPresent()
              ? from.relativize(source.path().get().toAbsolutePath())
                  .normalize()
                  .toString()
                  .replace('\\', '/')
              : source.displayPath());
    }
    return load(sources, keys);
  }

  /** The revision, or null when it holds errors (which are kept with the other findings). */
  private Loaded load(List<InputSource> sources, Map<String, String> keys) {
    Validator.Validated loaded = validator.validateKeepingDocuments(sources);
    ValidationResult result = loaded.result();
    diagnostics.addAll(result.diagnostics());
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
