package ai.modelplane.drift;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.validate.Validator;
import com.azure.resourcemanager.containerservice.fluent.models.ManagedClusterInner;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The files {@code modelplane import} writes: which it may replace, and how it writes them. */
final class ImportFiles {
  private ImportFiles() {}

  /** Whether {@code file} starts with {@link LiveClusterDocument#MARKER}. */
  static boolean writtenByImport(Path file) {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String first = reader.readLine();
      return first != null && first.startsWith(LiveClusterDocument.MARKER);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * One line per live cluster that a valid AKSCluster already in {@code folder} (searched as {@code
   * validate} searches a folder) describes, other than the files this import replaces: writing a
   * second manifest for it would give one live cluster two outputs, each managing it. A manifest
   * describes the cluster when its resource group and cluster name, as its naming annotations or
   * {@code Naming} give them, equal the live ones up to case (Azure compares resource names
   * case-insensitively).
   */
  static List<String> secondManifests(
      Path folder, List<LiveCluster> live, List<Path> targets, Path workingDirectory) {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    List<InputSource> sources = new ArrayList<>();
    try {
      for (Path file : Inputs.yamlFilesUnder(folder)) {
        if (targets.stream().noneMatch(target -> sameFile(target, file))) {
          sources.add(InputSource.file(file, ImportReview.display(workingDirectory, file)));
        }
      }
    } catch (IOException e) {
      return List.of(
          "cannot search "
              + folder
              + " for manifests of the same clusters: "
              + (e.getMessage() == null ? "the operating system gave no reason" : e.getMessage()));
    }
    if (sources.isEmpty()) {
      return List.of();
    }
    Map<String, AksCluster> byArmName = new HashMap<>();
    for (AksCluster cluster :
        Validator.forExistingClusters(CrdSchema.bundled()).validate(sources).clusters()) {
      byArmName.putIfAbsent(
          armName(cluster.names().resourceGroup(), cluster.names().cluster()), cluster);
    }
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < live.size(); i++) {
      ManagedClusterInner cluster = live.get(i).cluster();
      AksCluster existing =
          byArmName.get(armName(LiveNames.resourceGroup(cluster), cluster.name()));
      if (existing != null) {
        problems.add(
            existing.source().displayPath()
                + ":"
                + existing.source().line()
                + " (AKSCluster "
                + existing.qualifiedName()
                + ") already describes the live cluster "
                + cluster.id()
                + "; writing "
                + targets.get(i)
                + " too would give it two outputs that both manage it: edit that manifest, or"
                + " remove it before importing again");
      }
    }
    return problems;
  }

  private static String armName(String resourceGroup, String cluster) {
    return (resourceGroup + "/" + cluster).toLowerCase(Locale.ROOT);
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return a.equals(b) || (Files.exists(a) && Files.isSameFile(a, b));
    } catch (IOException e) {
      return false;
    }
  }

  /** A temporary file beside the target, then a move: a crash never leaves half a document. */
  static void writeAtomically(Path file, String text) throws IOException {
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
