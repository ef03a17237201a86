package ai.modelplane.generator.output;

import ai.modelplane.generator.output.Transaction.Kind;
import ai.modelplane.generator.output.Transaction.Step;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The steps of a {@link Transaction} for one change set, in the order it applies them: the missing
 * folders, then the files in path order, the manifest last, so that a tree whose manifest is new
 * has every file that manifest names.
 *
 * @param steps what to do, one per folder or file
 * @param contents per step, the new bytes of a created or replaced file; null for the others
 */
record TransactionSteps(List<Step> steps, byte[][] contents) {
  static TransactionSteps of(ChangeSet changes) {
    List<Step> steps = new ArrayList<>();
    for (String folder : changes.missingFolders()) {
      steps.add(new Step(Kind.FOLDER, folder, null, null));
    }
    SortedMap<String, Step> files = new TreeMap<>();
    Map<String, byte[]> bytes = new HashMap<>();
    for (ChangeSet.Write write : changes.toWrite()) {
      boolean created = write.onDisk() == null;
      files.put(
          write.path(),
          new Step(
              created ? Kind.CREATE : Kind.REPLACE,
              write.path(),
              write.onDiskFingerprint(),
              write.file().fingerprint()));
      bytes.put(write.path(), write.file().bytes());
    }
    for (TreeScan.Owned file : changes.toRemove()) {
      files.put(file.path(), new Step(Kind.REMOVE, file.path(), file.onDiskFingerprint(), null));
    }
    steps.addAll(files.values());
    byte[][] contents = new byte[steps.size() + 1][];
    for (int i = 0; i < steps.size(); i++) {
      contents[i] = bytes.get(steps.get(i).path());
    }
    if (changes.manifestChanges()) {
      String old = changes.oldManifestBytes().map(Manifest::fingerprint).orElse(null);
      steps.add(
          new Step(
              old == null ? Kind.CREATE : Kind.REPLACE,
              Manifest.PATH,
              old,
              Manifest.fingerprint(changes.newManifestBytes())));
      contents[steps.size() - 1] = changes.newManifestBytes();
    }
    return new TransactionSteps(List.copyOf(steps), contents);
  }
}
