package ai.modelplane.generator.output;

import ai.modelplane.generator.output.TreeScan.Found;
import ai.modelplane.generator.output.TreeScan.Owned;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a write would change, decided from a {@link TreeScan} and the wanted files alone (no I/O):
 * the files to write and remove, the folders to make, the new manifest, and every conflict.
 *
 * @param toWrite files to create or replace, sorted by path
 * @param toRemove owned files this run no longer produces, sorted by path
 * @param unchanged paths whose bytes are already right, sorted
 * @param missingFolders folders to make, sorted (parents first)
 * @param conflicts every conflict, hand edits included, in the order they are reported
 * @param newManifestBytes the manifest this run leaves
 * @param oldManifestBytes the manifest on disk; empty when there is none
 */
record ChangeSet(
    List<Write> toWrite,
    List<Owned> toRemove,
    List<String> unchanged,
    List<String> missingFolders,
    List<OutputConflict> conflicts,
    byte[] newManifestBytes,
    Optional<byte[]> oldManifestBytes) {

  /**
   * A file to create or replace.
   *
   * @param onDisk the bytes it replaces; null when it is created
   * @param onDiskFingerprint their fingerprint; null when it is created
   * @param edited the bytes it replaces are not those the generator wrote
   */
  record Write(WantedFile file, byte[] onDisk, String onDiskFingerprint, boolean edited) {
    String path() {
      return file.path();
    }
  }

  /**
   * @param wanted sorted by path, as scanned
   */
  static ChangeSet of(List<WantedFile> wanted, TreeScan scan) {
    List<Write> toWrite = new ArrayList<>();
    List<String> unchanged = new ArrayList<>();
    List<OutputConflict> conflicts = new ArrayList<>(scan.folderConflicts());
    List<String> paths = new ArrayList<>(wanted.size());
    List<String> fingerprints = new ArrayList<>(wanted.size());
    for (int i = 0; i < wanted.size(); i++) {
      WantedFile file = wanted.get(i);
      Found found = scan.found().get(i);
      paths.add(file.path());
      fingerprints.add(file.fingerprint());
      switch (found.kind()) {
        case SAME -> unchanged.add(file.path());
        case ABSENT -> toWrite.add(new Write(file, null, null, false));
        case DIFFERENT -> {
          Optional<String> recorded = scan.previous().recorded(file.path());
          if (recorded.isEmpty()) {
            // Not in the manifest: someone else's.
            conflicts.add(new OutputConflict(file.path(), OutputConflict.Kind.NOT_GENERATED));
          } else {
            boolean edited = !recorded.get().equals(found.onDiskFingerprint());
            toWrite.add(new Write(file, found.onDisk(), found.onDiskFingerprint(), edited));
            if (edited) {
              conflicts.add(new OutputConflict(file.path(), OutputConflict.Kind.EDITED));
            }
          }
        }
        case IN_THE_WAY ->
            conflicts.add(new OutputConflict(found.blockedAt(), OutputConflict.Kind.IN_THE_WAY));
        case SYMLINK ->
            conflicts.add(new OutputConflict(found.blockedAt(), OutputConflict.Kind.SYMLINK));
      }
    }
    for (Owned file : scan.owned()) {
      if (file.edited()) {
        conflicts.add(new OutputConflict(file.path(), OutputConflict.Kind.EDITED_OBSOLETE));
      }
    }
    return new ChangeSet(
        List.copyOf(toWrite),
        scan.owned(),
        List.copyOf(unchanged),
        scan.missingFolders(),
        List.copyOf(conflicts),
        Manifest.ofSorted(paths, fingerprints).toBytes(),
        scan.manifestBytes());
  }

  /**
   * The conflicts a write must stop at, one per path (the first found), sorted by path.
   *
   * @param allowHandEdits generated files edited by hand may be overwritten or removed
   */
  List<OutputConflict> blocking(boolean allowHandEdits) {
    Set<OutputConflict> blocking = new TreeSet<>(Comparator.comparing(OutputConflict::path));
    for (OutputConflict conflict : conflicts) {
      if (!(allowHandEdits && conflict.kind().isHandEdit())) {
        blocking.add(conflict);
      }
    }
    return List.copyOf(blocking);
  }

  /**
   * @throws OutputConflictException when {@link #blocking} finds any
   */
  void failOnConflicts(String root, boolean allowHandEdits) throws OutputConflictException {
    List<OutputConflict> blocking = blocking(allowHandEdits);
    if (!blocking.isEmpty()) {
      throw new OutputConflictException(root, blocking);
    }
  }

  boolean manifestChanges() {
    return oldManifestBytes.isEmpty() || !Arrays.equals(oldManifestBytes.get(), newManifestBytes);
  }

  /** True when a write would change nothing on disk. */
  boolean isEmpty() {
    return toWrite.isEmpty() && toRemove.isEmpty() && !manifestChanges();
  }

  List<String> writtenPaths() {
    return toWrite.stream().map(Write::path).toList();
  }

  List<String> removedPaths() {
    return toRemove.stream().map(Owned::path).toList();
  }

  /** Generated files whose bytes differ from what the generator wrote, sorted. */
  List<String> editedByHand() {
    List<String> edited = new ArrayList<>();
    toWrite.stream().filter(Write::edited).forEach(file -> edited.add(file.path()));
    toRemove.stream().filter(Owned::edited).forEach(file -> edited.add(file.path()));
    edited.sort(null);
    return edited;
  }
}
