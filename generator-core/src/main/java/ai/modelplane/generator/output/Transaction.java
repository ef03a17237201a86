package ai.modelplane.generator.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One change of an output tree, all or nothing, even across a {@code kill -9}.
 *
 * <ol>
 *   <li>The new bytes of every created or replaced file (the manifest included) are written to
 *       {@code .modelplane/staged/<step>.new}.
 *   <li>The journal ({@link TransactionJournal}), {@code .modelplane/transaction}, is put in place
 *       atomically: every step with the fingerprints of the bytes it replaces and of those it puts.
 *   <li>Missing folders are made; each replaced or removed file is moved aside to {@code
 *       .modelplane/staged/<step>.old} (a replaced one hard-linked there where the file system
 *       allows, so that readers never miss it), and each new file is renamed into place; the
 *       manifest is the last step.
 *   <li>Renaming the journal to {@code .modelplane/transaction.committed} commits. Then the folders
 *       removals left empty and the staged files are deleted, the journal last.
 * </ol>
 *
 * <p>A failure in step 3 undoes the steps done so far; a run that finds a journal after a kill
 * rolls it back (uncommitted) or finishes it (committed) before anything else. Undoing deletes a
 * file only when it holds exactly the bytes the journal says this transaction put there, so a
 * forged or stale journal cannot delete anyone's file; moves and deletes happen only through real
 * folders ({@link RealFolders}). Staging, backups and the journal live in {@code .modelplane/}: one
 * file system with the tree, so every move is a cheap rename.
 */
final class Transaction {
  static final String JOURNAL = Manifest.FOLDER + "/transaction";
  static final String COMMITTED = Manifest.FOLDER + "/transaction.committed";
  static final String STAGED = Manifest.FOLDER + "/staged";

  /**
   * The journal of versions that created new files in place; its lines have no fingerprints, so it
   * is ignored.
   */
  static final String LEGACY_JOURNAL = Manifest.FOLDER + "/creating";

  static final String TEMP_SUFFIX = ".modelplane-tmp";

  enum Kind {
    FOLDER,
    CREATE,
    REPLACE,
    REMOVE;

    final String word = name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * @param oldFingerprint what the file held before ({@link Manifest#fingerprint}); null for
   *     folders and creations
   * @param newFingerprint what it holds after; null for folders and removals
   */
  record Step(Kind kind, String path, String oldFingerprint, String newFingerprint) {}

  /** Renames; tests replace it to make one fail. */
  interface Moves {
    Moves ATOMIC = (from, to) -> Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);

    void move(Path from, Path to) throws IOException;
  }

  private final Path root;
  private final List<Step> steps;
  private final Moves moves;
  private final Path staged;

  Transaction(Path root, List<Step> steps, Moves moves) {
    this.root = root;
    this.steps = List.copyOf(steps);
    this.moves = moves;
    this.staged = root.resolve(STAGED);
  }

  /**
   * Applies {@code changes} as one transaction: the missing folders, then the files in path order,
   * the manifest last.
   */
  static void apply(Path root, ChangeSet changes, Moves moves) throws IOException {
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
    new Transaction(root, steps, moves).apply(contents);
  }

  /**
   * Applies every step.
   *
   * @param contents per step, the new bytes of a created or replaced file; null for the others
   * @throws IOException when a step failed; the tree is then as before (or, when undoing failed
   *     too, the message says so and the next run finishes undoing)
   */
  void apply(byte[][] contents) throws IOException {
    Files.createDirectory(staged);
    try {
      stage(contents);
      TransactionJournal.write(root.resolve(JOURNAL), steps, moves);
    } catch (IOException | RuntimeException e) {
      deleteStaged();
      throw e;
    }
    RealFolders folders = new RealFolders(root);
    try {
      makeFolders(folders);
      moveFiles(folders);
      commit();
    } catch (StepFailure failure) {
      String undone;
      try {
        rollBack(folders);
        undone = "; nothing was changed";
      } catch (IOException e) {
        undone =
            "; undoing the changes made so far failed too ("
                + IoMessages.describe(e)
                + "), the next run will finish undoing them";
      }
      IOException cause = failure.cause;
      throw new IOException(
          "cannot "
              + failure.doing
              + " "
              + root.resolve(failure.step.path())
              + ": "
              + IoMessages.reason(cause)
              + undone,
          cause);
    }
    try {
      finish(folders);
    } catch (IOException e) {
      // Committed: what is left is bookkeeping, which the next run removes before anything else.
    }
  }

  // ---- staging ----

  private void stage(byte[][] contents) throws IOException {
    Parallel.forEachIndex(
        steps.size(),
        i -> {
          if (contents[i] == null) {
            return;
          }
          try (OutputStream out =
              Files.newOutputStream(
                  staged.resolve(i + ".new"),
                  StandardOpenOption.CREATE_NEW,
                  StandardOpenOption.WRITE)) {
            out.write(contents[i]);
          } catch (IOException e) {
            throw new IOException(
                "cannot write " + root.resolve(steps.get(i).path()) + ": " + IoMessages.reason(e),
                e);
          }
        });
  }

  // ---- applying ----

  /** A step that failed, and what it was doing. */
  private static final class StepFailure extends Exception {
    final Step step;
    final String doing;
    final IOException cause;

    StepFailure(Step step, String doing, IOException cause) {
      super(cause);
      this.step = step;
      this.doing = doing;
      this.cause = cause;
    }
  }

  /** The missing folders, one depth at a time, each depth on every core for big runs. */
  private void makeFolders(RealFolders folders) throws StepFailure {
    SortedMap<Integer, List<Step>> byDepth = new TreeMap<>();
    for (Step step : steps) {
      if (step.kind() == Kind.FOLDER) {
        byDepth.computeIfAbsent(depth(step.path()), depth -> new ArrayList<>()).add(step);
      }
    }
    for (List<Step> level : byDepth.values()) {
      Parallel.forEachIndex(
          level.size(),
          i -> {
            Step step = level.get(i);
            try {
              folders.requireReal(step.path());
              Files.createDirectory(root.resolve(step.path()));
              folders.created(step.path());
            } catch (IOException e) {
              throw new StepFailure(step, "write", e);
            }
          });
    }
  }

  /** Renames the journal: from here on, an interrupted run is finished, not undone. */
  private void commit() throws StepFailure {
    try {
      moves.move(root.resolve(JOURNAL), root.resolve(COMMITTED));
    } catch (IOException e) {
      throw new StepFailure(new Step(Kind.REPLACE, JOURNAL, null, null), "write", e);
    }
  }

  private static int depth(String path) {
    int depth = 0;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '/') {
        depth++;
      }
    }
    return depth;
  }

  /**
   * Moves every file into place, big runs on every core; every step is attempted, and the first
   * failure in step order is reported once all are done (so that nothing moves while undoing). The
   * manifest's step comes last, after all the others succeeded.
   */
  private void moveFiles(RealFolders folders) throws StepFailure {
    int last = steps.size() - 1;
    boolean manifestLast = last >= 0 && steps.get(last).path().equals(Manifest.PATH);
    Parallel.forEachIndex(manifestLast ? last : steps.size(), i -> moveFile(i, folders));
    if (manifestLast) {
      moveFile(last, folders);
    }
  }

  private void moveFile(int index, RealFolders folders) throws StepFailure {
    Step step = steps.get(index);
    if (step.kind() == Kind.FOLDER) {
      return;
    }
    Path target = root.resolve(step.path());
    try {
      folders.requireReal(step.path());
      BasicFileAttributes there = FileReads.attributesOrNull(target);
      if (step.kind() == Kind.CREATE) {
        if (there != null) {
          throw new FileAlreadyExistsException(
              target.toString(), null, "appeared while modelplane was writing");
        }
      } else {
        if (there == null || !there.isRegularFile()) {
          throw new IOException(
              there == null
                  ? "disappeared while modelplane was writing"
                  : "is no longer a regular file");
        }
        Path backup = staged.resolve(index + ".old");
        if (step.kind() == Kind.REMOVE) {
          moves.move(target, backup);
          return;
        }
        backUp(target, backup);
      }
      moves.move(staged.resolve(index + ".new"), target);
    } catch (IOException e) {
      throw new StepFailure(step, step.kind() == Kind.REMOVE ? "remove" : "write", e);
    }
  }

  /**
   * A hard link keeps the file readable at its place until the replacement lands; a move where
   * links are not allowed.
   */
  private void backUp(Path target, Path backup) throws IOException {
    try {
      Files.createLink(backup, target);
    } catch (UnsupportedOperationException | IOException e) {
      Files.deleteIfExists(backup);
      moves.move(target, backup);
    }
  }

  // ---- after the commit, and undoing ----

  /**
   * After the commit: the folders removals left empty, the backups and staged files, then the
   * journal.
   */
  private void finish(RealFolders folders) throws IOException {
    for (int i = steps.size() - 1; i >= 0; i--) {
      Step step = steps.get(i);
      if (step.kind() == Kind.REMOVE) {
        removeEmptyFolders(step.path(), folders);
      }
    }
    deleteStaged();
    Files.deleteIfExists(root.resolve(COMMITTED));
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
  private void rollBack(RealFolders folders) throws IOException {
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
    Files.deleteIfExists(root.resolve(JOURNAL));
  }

  private void undo(int index, RealFolders folders) throws IOException {
    Step step = steps.get(index);
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

  private void deleteStaged() throws IOException {
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
        if (path.equals(JOURNAL)
            || path.equals(COMMITTED)
            || path.equals(STAGED)
            || path.equals(LEGACY_JOURNAL)
            || name.endsWith(TEMP_SUFFIX)) {
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
  static TreeReport.Recovery recover(Path root, List<String> leftovers, Moves moves)
      throws IOException {
    TreeReport.Recovery recovery = TreeReport.Recovery.NONE;
    if (leftovers.contains(COMMITTED) || leftovers.contains(JOURNAL)) {
      boolean committed = leftovers.contains(COMMITTED);
      Path journal = root.resolve(committed ? COMMITTED : JOURNAL);
      Optional<byte[]> bytes = FileReads.readNoFollow(journal);
      if (bytes.isEmpty()) {
        throw new IOException(journal + ": not a regular file");
      }
      Transaction interrupted =
          new Transaction(root, TransactionJournal.parse(bytes.get(), journal.toString()), moves);
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
    new Transaction(root, List.of(), moves).deleteStaged();
    for (String leftover : leftovers) {
      if (leftover.endsWith(TEMP_SUFFIX) || leftover.equals(LEGACY_JOURNAL)) {
        Path file = root.resolve(leftover);
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
          Files.delete(file);
        }
      }
    }
    return recovery;
  }
}
