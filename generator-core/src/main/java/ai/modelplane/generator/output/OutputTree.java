package ai.modelplane.generator.output;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The generated files below one output directory, and the rules for changing them without losing
 * anyone's work.
 *
 * <ul>
 *   <li>The generator owns exactly the files {@link Manifest} lists. Files it does not own are
 *       never written, moved or removed; when one sits where a generated file must go with other
 *       bytes, the run fails and writes nothing. One with the very bytes the generator wants is
 *       adopted (so a tree committed without its manifest recovers).
 *   <li>It writes, moves and deletes only through real folders: a symbolic link inside the tree on
 *       the way to a file it must change, or at that file's place, is a conflict ({@link
 *       RealFolders}).
 *   <li>Every problem is found before the first write: on a conflict, a read error or an invalid
 *       manifest, nothing on disk changes.
 *   <li>Files whose bytes are already right are not rewritten (their mtimes stay). Everything else
 *       (creations, replacements, removals, the manifest) is one {@link Transaction}: a run either
 *       completes or leaves the previous tree, also when killed; the next run finishes or undoes an
 *       interrupted one first. One run at a time holds the tree's {@link TreeLock}. There is no
 *       fsync: renames keep readers and killed runs from seeing half-written files, and every
 *       generated file can be generated again.
 *   <li>Comparing reads every file, except in big trees, where {@link StatCache} (like git's index)
 *       lets a file whose stat has not moved since a previous run found its bytes right count as
 *       unchanged without reading it.
 *   <li>A generated file edited by hand since it was written (its fingerprint no longer matches the
 *       manifest) is a conflict unless the caller forces: then it is overwritten (or removed) and
 *       reported.
 * </ul>
 */
public final class OutputTree {
  /**
   * From this many generated files on, {@link #write} keeps a {@link StatCache}; below it, reading
   * every file costs a few milliseconds, less than keeping a second bookkeeping file up to date.
   */
  static final int STAT_CACHE_THRESHOLD = 256;

  private final Path root;
  private final int statCacheThreshold;
  private final Transaction.Moves moves;

  /**
   * Temporary files carry this process's id, so cleaning up by name never removes another run's.
   */
  private final String tempTag = "." + ProcessHandle.current().pid() + Transaction.TEMP_SUFFIX;

  /** The lock {@link #lock} took and has not released; null when none. */
  private TreeLock heldLock;

  /**
   * @param root the output directory; created on the first write when it does not exist
   */
  public OutputTree(Path root) {
    this(root, STAT_CACHE_THRESHOLD);
  }

  /**
   * @param statCacheThreshold from how many generated files on a write keeps a {@link StatCache}
   */
  OutputTree(Path root, int statCacheThreshold) {
    this(root, statCacheThreshold, Transaction.Moves.ATOMIC);
  }

  /**
   * @param moves how files are renamed; tests make one rename fail
   */
  OutputTree(Path root, int statCacheThreshold, Transaction.Moves moves) {
    this.root = root;
    this.statCacheThreshold = statCacheThreshold;
    this.moves = moves;
  }

  /** The tree's lock, held until closed; {@link #write} takes it itself when not held. */
  public interface Lock extends AutoCloseable {
    @Override
    void close() throws IOException;
  }

  /**
   * Takes the tree's lock (creating the output folder when missing), so that a long run fails at
   * once, before rendering, when another run is writing the tree. A first run that fails before
   * writing a manifest leaves no folder it created behind.
   *
   * @throws OutputLockedException when another run holds it, naming that run's pid and start time
   */
  public Lock lock() throws IOException {
    return lock("");
  }

  /**
   * As {@link #lock()}, saying what this run is ({@code module x of the Maven build in /repo}) to a
   * run that finds the lock held; the adapter that knows says it, in printable ASCII.
   */
  public Lock lock(String description) throws IOException {
    if (heldLock != null) {
      throw new IllegalStateException("the lock of " + root + " is already held");
    }
    TreeLock lock = TreeLock.acquire(root, description);
    heldLock = lock;
    return () -> {
      heldLock = null;
      lock.close();
    };
  }

  /**
   * Makes the tree hold exactly {@code files} (plus whatever the generator does not own).
   *
   * @param force overwrite or remove generated files that were edited by hand, instead of failing
   * @throws OutputConflictException when writing would overwrite or remove someone's work; nothing
   *     was written
   * @throws IOException when the tree cannot be read or written; a failure while writing removes
   *     the temporary files and the files it created, and nothing else has changed unless it
   *     happened while files were being moved into place
   */
  public WriteReport write(List<GeneratedFile> files, boolean force) throws IOException {
    if (heldLock != null) {
      return writeLocked(files, force, heldLock);
    }
    try (Lock lock = lock()) {
      return writeLocked(files, force, heldLock);
    }
  }

  private WriteReport writeLocked(List<GeneratedFile> files, boolean force, TreeLock lock)
      throws IOException {
    TreeReport.Recovery recovery =
        TransactionRecovery.recover(root, TransactionRecovery.leftovers(root), moves);
    requireFolder();
    List<WantedFile> wanted = WantedFile.allOf(files);
    boolean keepStatCache = files.size() >= statCacheThreshold;
    StatCache statCache = StatCache.empty();
    TreeScan scan;
    if (lock.createdRoot()) {
      scan = TreeScanner.fresh(root, wanted);
    } else {
      Optional<StatCache> onDisk = StatCache.read(root);
      statCache = onDisk.orElse(statCache);
      // Stats are recorded only where a cache already is: a first run (CI's only one) skips it.
      scan = new TreeScanner(root, statCache, keepStatCache && onDisk.isPresent()).scan(wanted);
    }
    ChangeSet changes = ChangeSet.of(wanted, scan);
    changes.failOnConflicts(root.toString(), force);
    if (!changes.isEmpty()) {
      Transaction.apply(root, changes, moves);
    }
    if (keepStatCache) {
      keepStatCache(wanted, scan, statCache);
    }
    return new WriteReport(
        changes.writtenPaths(),
        changes.unchanged(),
        changes.removedPaths(),
        changes.editedByHand(),
        recovery);
  }

  /**
   * Compares the tree with {@code files} and writes nothing. Hand-edited generated files count as
   * stale (the diff shows the edit being undone); files the generator does not own in its way are
   * conflicts, as they would be for {@link #write}.
   *
   * <p>Leftovers of an interrupted run (its journal, staged or temporary files) make the tree
   * stale: the next write finishes or undoes that run first.
   *
   * @throws OutputConflictException when a write would fail on someone else's file
   */
  public CheckReport check(List<GeneratedFile> files) throws IOException {
    List<String> leftovers = TransactionRecovery.leftovers(root);
    boolean fresh = !Files.exists(root);
    requireFolder();
    List<WantedFile> wanted = WantedFile.allOf(files);
    TreeScan scan =
        fresh
            ? TreeScanner.fresh(root, wanted)
            : new TreeScanner(root, StatCache.read(root).orElse(StatCache.empty()), false)
                .scan(wanted);
    ChangeSet changes = ChangeSet.of(wanted, scan);
    changes.failOnConflicts(root.toString(), true);
    return CheckDiff.report(changes, leftovers);
  }

  /**
   * The files the manifest lists, sorted by path; empty when the folder has no manifest (or does
   * not exist).
   *
   * @throws InvalidManifestException when the manifest is damaged
   * @throws IOException when it cannot be read
   */
  public Optional<List<String>> recordedFiles() throws IOException {
    Path manifest = root.resolve(Manifest.PATH);
    Optional<byte[]> bytes = FileReads.readNoFollow(manifest, Caps.MANIFEST);
    if (bytes.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Manifest.parse(bytes.get(), manifest.toString()).paths());
  }

  private void requireFolder() throws IOException {
    if (Files.exists(root) && !Files.isDirectory(root)) {
      throw new IOException(root + ": not a folder");
    }
  }

  /**
   * After a successful write: records the stats of the files found unchanged, unless the cache on
   * disk already says exactly that. Files written by this run are left out (their stats are too new
   * to be trusted); the next run reads them once and records them. Where there was no cache, leaves
   * an empty one: the next run records.
   */
  private void keepStatCache(List<WantedFile> wanted, TreeScan scan, StatCache statCache) {
    if (scan.firstStatNanoTime() == null) {
      writeStatCache(new TreeMap<>(), System.nanoTime());
      return;
    }
    int recorded = 0;
    boolean learned = false;
    for (TreeScan.Found found : scan.found()) {
      if (found.kind() == TreeScan.Kind.SAME && found.stat() != null) {
        recorded++;
        learned |= !found.confirmedByCache();
      }
    }
    if (!learned && recorded == statCache.size()) {
      return;
    }
    SortedMap<String, StatCache.Entry> entries = new TreeMap<>();
    for (int i = 0; i < wanted.size(); i++) {
      TreeScan.Found found = scan.found().get(i);
      if (found.kind() == TreeScan.Kind.SAME && found.stat() != null) {
        entries.put(
            wanted.get(i).path(),
            new StatCache.Entry(found.stat(), wanted.get(i).crc32(), found.crc32c()));
      }
    }
    writeStatCache(entries, scan.firstStatNanoTime());
  }

  private void writeStatCache(SortedMap<String, StatCache.Entry> entries, long statsStarted) {
    try {
      StatCache.write(root, entries, statsStarted, tempTag);
    } catch (IOException e) {
      // Only a shortcut: without it, the next run reads the files instead.
    }
  }
}
