package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The journal side of a {@link Transaction}: finishing one after its commit, undoing one that
 * failed or was killed before it, and, before a run changes anything, recovering whatever an
 * interrupted run left in {@code .modelplane/}. Undoing deletes a file only when it holds exactly
 * the bytes the journal says the transaction put there, so a forged or stale journal cannot delete
 * anyone's file.
 */
final class TransactionRecovery {
  private final Path root;
  private final List<Transaction.Step> steps;
  private final Transaction.Moves moves;
  private final Path staged;
  private final String token;

  TransactionRecovery(
      Path root, String token, List<Transaction.Step> steps, Transaction.Moves moves) {
    this.root = root;
    this.token = token;
    this.steps = List.copyOf(steps);
    this.moves = moves;
    this.staged = root.resolve(Transaction.STAGED);
  }

  // ---- after the commit, and undoing ----

  /**
   * After the commit: the folders removals left empty, the backups and staged files, then the
   * journal.
   */
  void finish(RealFolders folders) throws IOException {
    for (int i = steps.size() - 1; i >= 0; i--) {
      Transaction.Step step = steps.get(i);
      if (step.kind() == Transaction.Kind.REMOVE) {
        removeEmptyFolders(step.path(), folders);
      }
    }
    deleteStaged();
    Files.deleteIfExists(root.resolve(Transaction.COMMITTED));
  }

  /** The folders above {@code path} that are now empty, up to (not including) the output folder. */
  private void removeEmptyFolders(String path, RealFolders folders) throws IOException {
    for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      String folder = path.substring(0, slash);
      if (folders.folder(folder).kind() != RealFolders.Kind.REAL) {
        return;
      }
      try (HeldFolder parent = HeldFolder.openParentOf(root, folder)) {
        parent.deleteFolder(HeldFolder.nameOf(folder));
        folders.removed(folder);
      } catch (DirectoryNotEmptyException | NoSuchFileException e) {
        return;
      }
    }
  }

  /**
   * Undoes the steps, last first: backups go back to their places, files this transaction put in
   * place are deleted when (and only when) they hold the bytes it put there, then the folders it
   * made, if empty; the journal goes last.
   *
   * @throws IOException when a step cannot be undone; the journal then stays for the next run
   */
  void rollBack(RealFolders folders) throws IOException {
    IOException firstFailure = null;
    for (int i = steps.size() - 1; i >= 0; i--) {
      try {
        undo(i, folders);
      } catch (IOException e) {
        if (firstFailure == null) {
          firstFailure = e;
        }
      }
    }
    if (firstFailure != null) {
      throw firstFailure;
    }
    deleteStaged();
    Files.deleteIfExists(root.resolve(Transaction.JOURNAL));
  }

  private void undo(int index, RealFolders folders) throws IOException {
    Transaction.Step step = steps.get(index);
    Path target = root.resolve(step.path());
    String name = HeldFolder.nameOf(step.path());
    String backup = Transaction.stagedName(token, index, "old");
    switch (step.kind()) {
      case FOLDER -> {
        if (folders.folder(step.path()).kind() == RealFolders.Kind.REAL) {
          try (HeldFolder parent = HeldFolder.openParentOf(root, step.path())) {
            parent.deleteFolder(name);
            folders.removed(step.path());
          } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            // Someone else's files are in it, or it is gone already.
          }
        }
      }
      case CREATE -> {
        if (!Files.exists(
            staged.resolve(Transaction.stagedName(token, index, "new")),
            LinkOption.NOFOLLOW_LINKS)) {
          deleteIfItHolds(step.path(), step.newFingerprint(), folders);
        }
      }
      case REPLACE -> {
        if (Files.exists(staged.resolve(backup), LinkOption.NOFOLLOW_LINKS)) {
          try (HeldFolder folder = HeldFolder.openParentOf(root, step.path());
              HeldFolder stagedFolder = HeldFolder.open(root, Transaction.STAGED)) {
            Optional<String> now = folder.fingerprintOf(name);
            if (now.isPresent()
                && !now.get().equals(step.newFingerprint())
                && !now.get().equals(step.oldFingerprint())) {
              throw new IOException(
                  target
                      + ": changed since the interrupted run; its previous version is "
                      + staged.resolve(backup));
            }
            moves.move(stagedFolder, backup, folder, name);
          }
        }
      }
      case REMOVE -> {
        if (Files.exists(staged.resolve(backup), LinkOption.NOFOLLOW_LINKS)) {
          String parent =
              step.path().lastIndexOf('/') < 0
                  ? null
                  : step.path().substring(0, step.path().lastIndexOf('/'));
          if (parent != null && folders.folder(parent).kind() == RealFolders.Kind.MISSING) {
            Files.createDirectories(root.resolve(parent));
            forgetFoldersOf(step.path(), folders);
          }
          try (HeldFolder folder = HeldFolder.openParentOf(root, step.path());
              HeldFolder stagedFolder = HeldFolder.open(root, Transaction.STAGED)) {
            if (folder.attributes(name) != null) {
              throw new FileAlreadyExistsException(
                  target.toString(),
                  null,
                  "appeared since the interrupted run; the removed file is "
                      + staged.resolve(backup));
            }
            moves.move(stagedFolder, backup, folder, name);
          }
        }
      }
    }
  }

  private static void forgetFoldersOf(String path, RealFolders folders) {
    for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      folders.removed(path.substring(0, slash));
    }
  }

  private void deleteIfItHolds(String path, String fingerprint, RealFolders folders)
      throws IOException {
    if (folders.foldersOf(path).kind() != RealFolders.Kind.REAL) {
      return;
    }
    try (HeldFolder folder = HeldFolder.openParentOf(root, path)) {
      String name = HeldFolder.nameOf(path);
      Optional<String> now = folder.fingerprintOf(name);
      if (now.isPresent() && now.get().equals(fingerprint)) {
        folder.delete(name);
      }
    }
  }

  /** Deletes the staging folder and everything in it, through the folder held open. */
  void deleteStaged() throws IOException {
    if (!Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (HeldFolder folder = HeldFolder.open(root, Transaction.STAGED)) {
      for (String name : folder.names()) {
        try {
          folder.delete(name);
        } catch (NoSuchFileException e) {
          // gone already
        }
      }
    }
    try (HeldFolder bookkeeping = HeldFolder.open(root, Manifest.FOLDER)) {
      bookkeeping.deleteFolder("staged");
    } catch (NoSuchFileException e) {
      // gone already
    }
  }

  /**
   * Before undoing an interrupted run found on disk: every step that would put a file back from the
   * staging folder must name a path the manifest owned before that run, and its staged file must be
   * one the writer made (the journal's token in its name, a regular file not linked elsewhere, with
   * exactly the bytes the journal says were there). Otherwise the journal is not this generator's
   * (forged, or copied from elsewhere), and nothing is done.
   *
   * @throws IOException naming the first step that fails, and what to do
   */
  private void vet(Path journal) throws IOException {
    int last = steps.size() - 1;
    Transaction.Step manifestStep = last < 0 ? null : steps.get(last);
    if (manifestStep != null && !manifestStep.path().equals(Manifest.PATH)) {
      manifestStep = null;
      last = steps.size();
    }
    Manifest owned = ownedBefore(journal, manifestStep, last);
    for (int i = 0; i < last; i++) {
      Transaction.Step step = steps.get(i);
      if (step.kind() != Transaction.Kind.REPLACE && step.kind() != Transaction.Kind.REMOVE) {
        continue;
      }
      String backup = Transaction.stagedName(token, i, "old");
      if (!Files.exists(staged.resolve(backup), LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      if (!owned.owns(step.path())) {
        throw refused(
            journal,
            "it would restore "
                + step.path()
                + ", which "
                + root.resolve(Manifest.PATH)
                + " does not list");
      }
      requireStaged(journal, i, step.path(), step.oldFingerprint());
    }
  }

  /** The manifest before the interrupted run: on disk, or set aside when it was replaced. */
  private Manifest ownedBefore(Path journal, Transaction.Step manifestStep, int index)
      throws IOException {
    Optional<byte[]> onDisk = FileReads.readNoFollow(root.resolve(Manifest.PATH), Caps.MANIFEST);
    String backup = Transaction.stagedName(token, index, "old");
    boolean setAside =
        manifestStep != null
            && manifestStep.kind() == Transaction.Kind.REPLACE
            && Files.exists(staged.resolve(backup), LinkOption.NOFOLLOW_LINKS)
            && (onDisk.isEmpty()
                || Manifest.fingerprint(onDisk.get()).equals(manifestStep.newFingerprint()));
    if (setAside) {
      byte[] old = requireStaged(journal, index, Manifest.PATH, manifestStep.oldFingerprint());
      return Manifest.parse(old, staged.resolve(backup).toString());
    }
    if (onDisk.isEmpty()
        || (manifestStep != null
            && manifestStep.kind() == Transaction.Kind.CREATE
            && Manifest.fingerprint(onDisk.get()).equals(manifestStep.newFingerprint()))) {
      return Manifest.empty();
    }
    return Manifest.parse(onDisk.get(), root.resolve(Manifest.PATH).toString());
  }

  /** The bytes of step {@code index}'s backup, when the writer made it; else refuses. */
  private byte[] requireStaged(Path journal, int index, String path, String fingerprint)
      throws IOException {
    String backup = Transaction.stagedName(token, index, "old");
    Path file = staged.resolve(backup);
    try (HeldFolder stagedFolder = HeldFolder.open(root, Transaction.STAGED)) {
      java.nio.file.attribute.BasicFileAttributes attributes = stagedFolder.attributes(backup);
      if (attributes == null || !attributes.isRegularFile()) {
        throw refused(journal, file + " is not a regular file");
      }
      int links = FileReads.linkCount(file);
      if (links > 1 && !sameFile(file, path)) {
        throw refused(journal, file + " is a hard link to a file elsewhere");
      }
      Optional<byte[]> bytes = stagedFolder.read(backup);
      if (bytes.isEmpty()
          || bytes.get().length > Caps.STAGED_FILE
          || !Manifest.fingerprint(bytes.get()).equals(fingerprint)) {
        throw refused(journal, file + " does not hold the bytes the journal records for " + path);
      }
      return bytes.get();
    }
  }

  /** True when the backup is a second name of the file at {@code path} (a replaced file). */
  private boolean sameFile(Path backup, String path) throws IOException {
    if (new RealFolders(root).foldersOf(path).kind() != RealFolders.Kind.REAL) {
      return false;
    }
    java.nio.file.attribute.BasicFileAttributes there =
        FileReads.attributesOrNull(root.resolve(path));
    java.nio.file.attribute.BasicFileAttributes staged = FileReads.attributesOrNull(backup);
    return there != null
        && staged != null
        && there.fileKey() != null
        && there.fileKey().equals(staged.fileKey())
        && FileReads.linkCount(backup) == 2;
  }

  private IOException refused(Path journal, String why) {
    return new IOException(
        journal
            + ": will not undo the interrupted run it records: "
            + why
            + "; nothing was changed. If modelplane was not interrupted here, delete "
            + journal
            + " and "
            + staged
            + " and run again");
  }

  // ---- recovery ----

  /**
   * What a run finds in {@code .modelplane/} of interrupted runs: the paths, relative to the root,
   * sorted.
   */
  static List<String> leftovers(Path root) throws IOException {
    Path folder = root.resolve(Manifest.FOLDER);
    List<String> found = new ArrayList<>();
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      return found;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      for (Path entry : entries) {
        String name = entry.getFileName().toString();
        String path = Manifest.FOLDER + "/" + name;
        if (path.equals(Transaction.JOURNAL)
            || path.equals(Transaction.COMMITTED)
            || path.equals(Transaction.STAGED)
            || path.equals(Transaction.LEGACY_JOURNAL)
            || name.endsWith(Transaction.TEMP_SUFFIX)) {
          found.add(path);
        }
      }
    }
    found.sort(null);
    return found;
  }

  /**
   * Before a run changes anything (under the lock): finishes a committed transaction or rolls back
   * an uncommitted one, and deletes every temporary file interrupted runs left in {@code
   * .modelplane/}.
   */
  static TreeReport.Recovery recover(Path root, List<String> leftovers, Transaction.Moves moves)
      throws IOException {
    TreeReport.Recovery recovery = TreeReport.Recovery.NONE;
    if (leftovers.contains(Transaction.COMMITTED) || leftovers.contains(Transaction.JOURNAL)) {
      boolean committed = leftovers.contains(Transaction.COMMITTED);
      Path journal = root.resolve(committed ? Transaction.COMMITTED : Transaction.JOURNAL);
      Optional<byte[]> bytes = FileReads.readNoFollow(journal, Caps.JOURNAL);
      if (bytes.isEmpty()) {
        throw new IOException(journal + ": not a regular file");
      }
      if (FileReads.linkCount(journal) > 1) {
        throw new IOException(
            journal + ": is a hard link; modelplane reads only bookkeeping it wrote itself");
      }
      TransactionJournal.Journal read = TransactionJournal.parse(bytes.get(), journal.toString());
      TransactionRecovery interrupted =
          new TransactionRecovery(root, read.token(), read.steps(), moves);
      RealFolders folders = new RealFolders(root);
      if (!committed) {
        interrupted.vet(journal);
      }
      if (committed) {
        interrupted.finish(folders);
        recovery = TreeReport.Recovery.COMPLETED;
      } else {
        try {
          interrupted.rollBack(folders);
        } catch (IOException e) {
          throw new IOException(
              "cannot roll back the interrupted run recorded in "
                  + journal
                  + ": "
                  + IoMessages.describe(e),
              e);
        }
        recovery = TreeReport.Recovery.ROLLED_BACK;
      }
    }
    new TransactionRecovery(root, "", List.of(), moves).deleteStaged();
    for (String leftover : leftovers) {
      if (leftover.endsWith(Transaction.TEMP_SUFFIX)
          || leftover.equals(Transaction.LEGACY_JOURNAL)) {
        Path file = root.resolve(leftover);
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
          Files.delete(file);
        }
      }
    }
    return recovery;
  }
}
