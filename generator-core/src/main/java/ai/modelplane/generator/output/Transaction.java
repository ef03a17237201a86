package ai.modelplane.generator.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
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
  private final byte[][] contents;
  private final Moves moves;
  private final Path staged;
  private final TransactionRecovery recovery;

  /**
   * @param contents per step, the new bytes of a created or replaced file; null for the others
   */
  private Transaction(Path root, List<Step> steps, byte[][] contents, Moves moves) {
    this.root = root;
    this.steps = List.copyOf(steps);
    this.contents = contents;
    this.moves = moves;
    this.staged = root.resolve(STAGED);
    this.recovery = new TransactionRecovery(root, this.steps, moves);
  }

  /** Applies {@code changes} as one transaction, in the order {@link TransactionSteps} gives. */
  static void apply(Path root, ChangeSet changes, Moves moves) throws IOException {
    TransactionSteps planned = TransactionSteps.of(changes);
    new Transaction(root, planned.steps(), planned.contents(), moves).apply();
  }

  /**
   * Applies every step.
   *
   * @throws IOException when a step failed; the tree is then as before (or, when undoing failed
   *     too, the message says so and the next run finishes undoing)
   */
  private void apply() throws IOException {
    Files.createDirectory(staged);
    try {
      stage();
      TransactionJournal.write(root.resolve(JOURNAL), steps, moves);
    } catch (IOException | RuntimeException e) {
      recovery.deleteStaged();
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
        recovery.rollBack(folders);
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
      recovery.finish(folders);
    } catch (IOException e) {
      // Committed: what is left is bookkeeping, which the next run removes before anything else.
    }
  }

  // ---- staging ----

  private void stage() throws IOException {
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
}
