package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    Moves ATOMIC = new Atomic();

    void move(Path from, Path to) throws IOException;

    /**
     * A rename within the tree, between folders held open ({@link HeldFolder}); test doubles that
     * only override the path form rename by path.
     */
    default void move(HeldFolder from, String fromName, HeldFolder to, String toName)
        throws IOException {
      move(from.path().resolve(fromName), to.path().resolve(toName));
    }

    /** Atomic renames, relative to held folders where the platform allows. */
    class Atomic implements Moves {
      @Override
      public void move(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
      }

      @Override
      public void move(HeldFolder from, String fromName, HeldFolder to, String toName)
          throws IOException {
        from.rename(fromName, to, toName);
      }
    }
  }

  private final Path root;
  private final List<Step> steps;
  private final byte[][] contents;
  private final Moves moves;
  private final Path staged;
  private final String token;
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
    this.token = newToken();
    this.recovery = new TransactionRecovery(root, token, this.steps, moves);
  }

  /**
   * A random name part for this transaction's staged files, recorded in its journal: recovery
   * honours only staged files that carry the journal's token.
   */
  private static String newToken() {
    byte[] bytes = new byte[8];
    new java.security.SecureRandom().nextBytes(bytes);
    return java.util.HexFormat.of().formatHex(bytes);
  }

  /** The staged file of step {@code index}: {@code new} or {@code old}. */
  static String stagedName(String token, int index, String suffix) {
    return (token.isEmpty() ? "" : token + "-") + index + "." + suffix;
  }

  /** Applies {@code changes} as one transaction, in the order {@link TransactionSteps} gives. */
  static void apply(Path root, ChangeSet changes, Moves moves) throws IOException {
    TransactionSteps planned = TransactionSteps.of(changes);
    int last = planned.steps().size() - 1;
    if (last >= 0
        && planned.steps().get(last).path().equals(Manifest.PATH)
        && planned.contents()[last] != null
        && planned.contents()[last].length > Caps.MANIFEST) {
      throw new IOException(
          root.resolve(Manifest.PATH)
              + ": would be "
              + planned.contents()[last].length
              + " bytes, more than modelplane reads back ("
              + Caps.MANIFEST
              + "); split the inputs over several output folders");
    }
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
    try (HeldFolder stagedFolder = HeldFolder.open(root, STAGED)) {
      try {
        stage(stagedFolder);
        TransactionJournal.write(root.resolve(JOURNAL), token, steps, moves);
      } catch (IOException | RuntimeException e) {
        recovery.deleteStaged();
        throw e;
      }
      apply(stagedFolder);
    }
  }

  private void apply(HeldFolder stagedFolder) throws IOException {
    RealFolders folders = new RealFolders(root);
    try {
      makeFolders(folders);
      moveFiles(stagedFolder);
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

  private void stage(HeldFolder stagedFolder) throws IOException {
    Parallel.forEachIndex(
        steps.size(),
        i -> {
          if (contents[i] == null) {
            return;
          }
          try {
            stagedFolder.create(stagedName(token, i, "new"), contents[i]);
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
              // Looked at now, not from the cache: a folder may have been swapped since.
              HeldFolder.openParentOf(root, step.path()).close();
              Files.createDirectory(root.resolve(step.path()));
              // Reached again without following a link: the new folder is inside the tree.
              HeldFolder.open(root, step.path()).close();
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
  private void moveFiles(HeldFolder stagedFolder) throws StepFailure {
    int last = steps.size() - 1;
    boolean manifestLast = last >= 0 && steps.get(last).path().equals(Manifest.PATH);
    Parallel.forEachIndex(manifestLast ? last : steps.size(), i -> moveFile(i, stagedFolder));
    if (manifestLast) {
      moveFile(last, stagedFolder);
    }
  }

  /**
   * Moves one file, through its folder held open ({@link HeldFolder}): a folder swapped for a link
   * at any moment cannot send the file elsewhere.
   */
  private void moveFile(int index, HeldFolder stagedFolder) throws StepFailure {
    Step step = steps.get(index);
    if (step.kind() == Kind.FOLDER) {
      return;
    }
    Path target = root.resolve(step.path());
    String name = HeldFolder.nameOf(step.path());
    try (HeldFolder folder = HeldFolder.openParentOf(root, step.path())) {
      BasicFileAttributes there = folder.attributes(name);
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
        String backup = stagedName(token, index, "old");
        if (step.kind() == Kind.REMOVE) {
          moves.move(folder, name, stagedFolder, backup);
          return;
        }
        backUp(folder, name, stagedFolder, backup);
      }
      moves.move(stagedFolder, stagedName(token, index, "new"), folder, name);
    } catch (IOException e) {
      throw new StepFailure(step, step.kind() == Kind.REMOVE ? "remove" : "write", e);
    }
  }

  /**
   * A hard link keeps the file readable at its place until the replacement lands; a move where
   * links are not allowed.
   */
  private void backUp(HeldFolder folder, String name, HeldFolder stagedFolder, String backup)
      throws IOException {
    Path link = stagedFolder.path().resolve(backup);
    try {
      Files.createLink(link, folder.path().resolve(name));
    } catch (UnsupportedOperationException | IOException e) {
      Files.deleteIfExists(link);
      moves.move(folder, name, stagedFolder, backup);
      return;
    }
    // The link was made by path: it must be the file of the held folder, not one a swapped folder
    // led to.
    BasicFileAttributes linked = stagedFolder.attributes(backup);
    BasicFileAttributes there = folder.attributes(name);
    if (linked == null
        || there == null
        || (linked.fileKey() != null && !linked.fileKey().equals(there.fileKey()))) {
      stagedFolder.delete(backup);
      throw new IOException("moved while modelplane was writing");
    }
  }
}
