package ai.modelplane.generator;

import ai.modelplane.generator.emit.OutputLayout;
import ai.modelplane.generator.output.Manifest;
import ai.modelplane.generator.output.OutputTree;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TargetSelection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The targets an output folder holds, as its manifest records them: what the last write there
 * generated. {@code generate --check} and {@code diff --generated} use them when no target is
 * named, so that a Terraform-only folder is never judged for Bicep.
 *
 * @param targets the targets of the files the manifest lists, never empty
 * @param manifest the manifest, as the user named the folder ({@code infra/.modelplane/manifest})
 */
record RecordedTargets(TargetSelection targets, String manifest) {
  /**
   * Reads the manifest of {@code folder}.
   *
   * @param shownFolder the folder as the user named it, for messages
   * @throws NoRecordedTargetsException when the folder has no manifest, or it lists no file of any
   *     target
   * @throws IOException when the manifest cannot be read or is damaged
   */
  static RecordedTargets read(Path folder, String shownFolder) throws IOException {
    String manifest =
        (shownFolder.isEmpty() || shownFolder.endsWith("/") ? shownFolder : shownFolder + "/")
            + Manifest.PATH;
    Optional<List<String>> files = new OutputTree(folder).recordedFiles();
    if (files.isEmpty()) {
      throw new NoRecordedTargetsException(
          (shownFolder.isEmpty() ? "." : shownFolder)
              + " has no "
              + Manifest.PATH
              + " saying which targets were generated there");
    }
    Set<Target> targets = EnumSet.noneOf(Target.class);
    for (String file : files.get()) {
      OutputLayout.targetOf(file).ifPresent(targets::add);
    }
    if (targets.isEmpty()) {
      throw new NoRecordedTargetsException(
          manifest + " lists no generated Terraform or Bicep file to take the targets from");
    }
    return new RecordedTargets(new TargetSelection(targets), manifest);
  }

  /** The targets in words, in the order the build knows them: {@code terraform and bicep}. */
  String names() {
    List<String> ids = targets.targets().stream().map(Target::id).toList();
    return ids.size() == 1
        ? ids.get(0)
        : ids.subList(0, ids.size() - 1).stream().collect(Collectors.joining(", "))
            + " and "
            + ids.get(ids.size() - 1);
  }
}
