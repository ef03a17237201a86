package ai.modelplane.generator.output;

import ai.modelplane.generator.output.TreeScan.Owned;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code --check} view of a {@link ChangeSet}: every path a write would change and their
 * unified diff, files in path order, then the manifest.
 */
final class CheckDiff {
  private CheckDiff() {}

  /**
   * @param leftovers what interrupted runs left in {@code .modelplane/}; stale too
   */
  static CheckReport report(ChangeSet changes, List<String> leftovers) {
    SortedMap<String, String> diffs = new TreeMap<>();
    for (ChangeSet.Write write : changes.toWrite()) {
      diffs.put(
          write.path(),
          UnifiedDiff.of(
              write.path(),
              Optional.ofNullable(write.onDisk()),
              Optional.of(write.file().bytes())));
    }
    for (Owned file : changes.toRemove()) {
      diffs.put(
          file.path(), UnifiedDiff.of(file.path(), Optional.of(file.onDisk()), Optional.empty()));
    }
    List<String> stale = new ArrayList<>(diffs.keySet());
    StringBuilder diff = new StringBuilder();
    diffs.values().forEach(diff::append);
    if (changes.manifestChanges()) {
      stale.add(Manifest.PATH);
      diff.append(
          UnifiedDiff.of(
              Manifest.PATH, changes.oldManifestBytes(), Optional.of(changes.newManifestBytes())));
    }
    stale.addAll(leftovers);
    return new CheckReport(
        changes.writtenPaths(),
        changes.unchanged(),
        changes.removedPaths(),
        changes.editedByHand(),
        stale,
        diff.toString(),
        leftovers);
  }
}
