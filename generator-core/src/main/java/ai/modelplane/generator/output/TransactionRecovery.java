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

  TransactionRecovery(Path root, List<Transaction.Step> steps, Transaction.Moves moves) {
    this.root = root;
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
      try {
        Files.delete(root.resolve(folder));
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
    Path backup = staged.resolve(index + ".old");
    switch (step.kind()) {
      case FOLDER -> {
        if (folders.folder(step.path()).kind() == RealFolders.Kind.REAL) {
          try {
            Files.delete(target);
            folders.removed(step.path());
          } catch (DirectoryNotEmptyException | NoSuchFileException e) {
            // Someone else's files are in it, or it is gone already.
          }
        }
      }
      case CREATE -> {
        if (!Files.exists(staged.resolve(index + ".new"), LinkOption.NOFOLLOW_LINKS)) {
          deleteIfItHolds(target, step.newFingerprint(), folders);
        }
      }
      case REPLACE -> {
        if (Files.exists(backup, LinkOption.NOFOLLOW_LINKS)) {
          folders.requireReal(step.path());
          Optional<String> now = FileReads.fingerprintOf(target);
          if (now.isPresent()
              && !now.get().equals(step.newFingerprint())
              && !now.get().equals(step.oldFingerprint())) {
            throw new IOException(
                target + ": changed since the interrupted run; its previous version is " + backup);
          }
          moves.move(backup, target);
        }
      }
      case REMOVE -> {
        if (Files.exists(backup, LinkOption.NOFOLLOW_LINKS)) {
          String parent =
              step.path().lastIndexOf('/') < 0
                  ? null
                  : step.path().substring(0, step.path().lastIndexOf('/'));
          if (parent != null && folders.folder(parent).kind() == RealFolders.Kind.MISSING) {
            Files.createDirectories(root.resolve(parent));
            forgetFoldersOf(step.path(), folders);
          }
          folders.requireReal(step.path());
          if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(
                target.toString(),
                null,
                "appeared since the interrupted run; the removed file is " + backup);
          }
          moves.move(backup, target);
        }
      }
    }
  }

  private static void forgetFoldersOf(String path, RealFolders folders) {
    for (int slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
      folders.removed(path.substring(0, slash));
    }
  }

  private void deleteIfItHolds(Path target, String fingerprint, RealFolders folders)
      throws IOException {
    String path = root.relativize(target).toString().replace('\\', '/');
    if (folders.foldersOf(path).kind() != RealFolders.Kind.REAL) {
      return;
    }
    Optional<String> now = FileReads.fingerprintOf(target);
    if (now.isPresent() && now.get().equals(fingerprint)) {
      Files.delete(target);
    }
  }

  void deleteStaged() throws IOException {
    if (!Files.isDirectory(staged, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(staged)) {
      for (Path entry : entries) {
        Files.deleteIfExists(entry);
      }
    }
    Files.deleteIfExists(staged);
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
      Optional<byte[]> bytes = FileReads.readNoFollow(journal);
      if (bytes.isEmpty()) {
        throw new IOException(journal + ": not a regular file");
      }
      TransactionRecovery interrupted =
          new TransactionRecovery(
              root, TransactionJournal.parse(bytes.get(), journal.toString()), moves);
      RealFolders folders = new RealFolders(root);
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
    new TransactionRecovery(root, List.of(), moves).deleteStaged();
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
