package ai.modelplane.generator;

import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.SourceRef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Names each cluster's source file, for the headers of the generated files, by a path that is the
 * same however the generator was invoked: relative to the root of the git repository holding the
 * file (the nearest folder above it with a {@code .git}), else relative to the output folder. So
 * {@code generate --check} from another folder, with an absolute path, or from the Maven plugin,
 * finds the same headers as the run that wrote them.
 */
final class Provenance {
  private final Path workingDirectory;
  private final Path outputDirectory;
  private final Map<Path, Optional<Path>> repositoryRoots = new HashMap<>();

  private Provenance(Path workingDirectory, Path outputDirectory) {
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.outputDirectory = outputDirectory.toAbsolutePath().normalize();
  }

  /**
   * {@code clusters}, each with its source named as the headers name it; standard input stays
   * {@code <stdin>}.
   */
  static List<AksCluster> relocate(
      List<AksCluster> clusters, Path workingDirectory, Path outputDirectory) {
    Provenance provenance = new Provenance(workingDirectory, outputDirectory);
    Map<String, String> named = new HashMap<>();
    List<AksCluster> relocated = new ArrayList<>(clusters.size());
    for (AksCluster cluster : clusters) {
      SourceRef source = cluster.source();
      String path = named.computeIfAbsent(source.displayPath(), provenance::name);
      relocated.add(
          path.equals(source.displayPath())
              ? cluster
              : new AksCluster(
                  new SourceRef(path, source.documentIndex(), source.line()),
                  cluster.name(),
                  cluster.namespace(),
                  cluster.spec(),
                  cluster.names()));
    }
    return relocated;
  }

  String name(String displayPath) {
    if (displayPath.equals(InputSource.STDIN)) {
      return displayPath;
    }
    Path file = workingDirectory.resolve(displayPath).normalize();
    Path base = repositoryRoot(file.getParent()).orElse(outputDirectory);
    return slashed(base.relativize(file));
  }

  /**
   * The nearest folder at or above {@code folder} holding {@code .git} (a folder, or a file in a
   * worktree).
   */
  private Optional<Path> repositoryRoot(Path folder) {
    if (folder == null) {
      return Optional.empty();
    }
    Optional<Path> known = repositoryRoots.get(folder);
    if (known != null) {
      return known;
    }
    Optional<Path> root =
        Files.exists(folder.resolve(".git"))
            ? Optional.of(folder)
            : repositoryRoot(folder.getParent());
    repositoryRoots.put(folder, root);
    return root;
  }

  private static String slashed(Path relative) {
    StringBuilder out = new StringBuilder();
    for (Path name : relative) {
      if (out.length() > 0) {
        out.append('/');
      }
      out.append(name);
    }
    return out.toString();
  }
}
