package ai.modelplane.generator.output;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

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

  private static final Set<OpenOption> READ_NO_FOLLOW =
      Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

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
    if (heldLock != null) {
      throw new IllegalStateException("the lock of " + root + " is already held");
    }
    TreeLock lock = TreeLock.acquire(root);
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
    TreeReport.Recovery recovery = Transaction.recover(root, Transaction.leftovers(root), moves);
    Plan plan = plan(files, files.size() >= statCacheThreshold, lock.createdRoot());
    plan.failOnConflicts(force);
    List<Wanted> toWrite = plan.toWrite();
    List<Obsolete> toRemove = plan.toRemove();
    if (!toWrite.isEmpty() || !toRemove.isEmpty() || plan.manifestChanges()) {
      apply(plan, toWrite, toRemove);
    }
    plan.keepStatCache();
    return new WriteReport(
        toWrite.stream().map(Wanted::path).toList(),
        plan.unchanged(),
        toRemove.stream().map(Obsolete::path).toList(),
        plan.editedByHand(),
        recovery);
  }

  /**
   * The plan as one transaction: the missing folders, then the files in path order, the manifest
   * last.
   */
  private void apply(Plan plan, List<Wanted> toWrite, List<Obsolete> toRemove) throws IOException {
    List<Transaction.Step> steps =
        new ArrayList<>(plan.missingFolders.size() + toWrite.size() + toRemove.size() + 1);
    for (String folder : plan.missingFolders) {
      steps.add(new Transaction.Step(Transaction.Kind.FOLDER, folder, null, null));
    }
    SortedMap<String, Transaction.Step> files = new TreeMap<>();
    Map<String, byte[]> bytes = new HashMap<>();
    for (Wanted file : toWrite) {
      boolean created = file.state == State.NEW;
      String old = created ? null : Manifest.fingerprint(file.onDisk);
      files.put(
          file.path,
          new Transaction.Step(
              created ? Transaction.Kind.CREATE : Transaction.Kind.REPLACE,
              file.path,
              old,
              file.fingerprint));
      bytes.put(file.path, file.bytes);
    }
    for (Obsolete file : toRemove) {
      files.put(
          file.path(),
          new Transaction.Step(
              Transaction.Kind.REMOVE, file.path(), Manifest.fingerprint(file.onDisk()), null));
    }
    steps.addAll(files.values());
    byte[][] contents = new byte[steps.size() + 1][];
    for (int i = 0; i < steps.size(); i++) {
      contents[i] = bytes.get(steps.get(i).path());
    }
    if (plan.manifestChanges()) {
      String old = plan.oldManifestBytes.map(Manifest::fingerprint).orElse(null);
      steps.add(
          new Transaction.Step(
              old == null ? Transaction.Kind.CREATE : Transaction.Kind.REPLACE,
              Manifest.PATH,
              old,
              Manifest.fingerprint(plan.newManifestBytes)));
      contents[steps.size() - 1] = plan.newManifestBytes;
    }
    new Transaction(root, steps, moves).apply(contents);
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
    List<String> leftovers = Transaction.leftovers(root);
    Plan plan = plan(files, false, !Files.exists(root));
    plan.failOnConflicts(true);
    List<Wanted> toWrite = plan.toWrite();
    List<Obsolete> toRemove = plan.toRemove();
    SortedMap<String, String> diffs = new TreeMap<>();
    for (Wanted file : toWrite) {
      diffs.put(
          file.path,
          UnifiedDiff.of(file.path, Optional.ofNullable(file.onDisk), Optional.of(file.bytes)));
    }
    for (Obsolete file : toRemove) {
      diffs.put(file.path, UnifiedDiff.of(file.path, Optional.of(file.onDisk), Optional.empty()));
    }
    List<String> stale = new ArrayList<>(diffs.keySet());
    StringBuilder diff = new StringBuilder();
    diffs.values().forEach(diff::append);
    if (plan.manifestChanges()) {
      stale.add(Manifest.PATH);
      diff.append(
          UnifiedDiff.of(Manifest.PATH, plan.oldManifestBytes, Optional.of(plan.newManifestBytes)));
    }
    stale.addAll(leftovers);
    return new CheckReport(
        toWrite.stream().map(Wanted::path).toList(),
        plan.unchanged(),
        toRemove.stream().map(Obsolete::path).toList(),
        plan.editedByHand(),
        stale,
        diff.toString(),
        leftovers);
  }

  // ---- planning: read everything, decide everything, change nothing ----

  private enum State {
    NEW,
    UNCHANGED,
    CHANGED,
    EDITED,
    NOT_GENERATED,
    IN_THE_WAY,
    SYMLINK
  }

  /** A file this run produces, and what is on disk at its place. */
  private static final class Wanted {
    final String path;
    final String content;
    byte[] bytes;
    int crc32;
    String fingerprint;
    State state;

    /** The bytes on disk when they differ from {@code bytes}, for the diff; null otherwise. */
    byte[] onDisk;

    /**
     * Under {@link State#IN_THE_WAY} and {@link State#SYMLINK}: the path that is in the way (this
     * file's or a folder's).
     */
    String blockedAt;

    /**
     * Under {@link State#UNCHANGED}: the stat taken before the bytes were compared, for the stat
     * cache; may be null.
     */
    FileStat stat;

    /** What the stat cache recorded for this path; null when nothing. */
    StatCache.Entry cacheEntry;

    /** The stat cache vouched for the bytes on disk; they were not read. */
    boolean confirmedByCache;

    private boolean crc32cKnown;
    private int crc32c;

    Wanted(String path, String content) {
      this.path = path;
      this.content = content;
    }

    String path() {
      return path;
    }

    int crc32c() {
      if (!crc32cKnown) {
        crc32c = StatCache.crc32c(bytes);
        crc32cKnown = true;
      }
      return crc32c;
    }
  }

  /**
   * A file the previous manifest lists and this run does not produce.
   *
   * @param edited its bytes differ from those the generator wrote
   */
  private record Obsolete(String path, byte[] onDisk, boolean edited) {}

  private final class Plan {
    final List<Wanted> wanted;
    final List<Obsolete> obsolete;
    final Manifest newManifest;
    final byte[] newManifestBytes;
    final Optional<byte[]> oldManifestBytes;

    /** The folders the files to write need that do not exist yet, sorted (parents first). */
    final List<String> missingFolders;

    /** Symbolic links on the way to files to remove. */
    final List<OutputConflict> folderConflicts;

    final StatCache statCache;

    /** True when the write keeps a stat cache in this tree (it is big enough and not a check). */
    final boolean statCacheKept;

    /** {@link System#nanoTime()} before the first stat; null when this plan records no stats. */
    final Long firstStatNanoTime;

    Plan(
        List<Wanted> wanted,
        List<Obsolete> obsolete,
        Manifest newManifest,
        Optional<byte[]> oldManifestBytes,
        StatCache statCache,
        boolean statCacheKept,
        Long firstStatNanoTime) {
      this.wanted = wanted;
      this.obsolete = obsolete;
      this.newManifest = newManifest;
      this.newManifestBytes = newManifest.toBytes();
      this.oldManifestBytes = oldManifestBytes;
      this.missingFolders = new ArrayList<>();
      this.folderConflicts = new ArrayList<>();
      this.statCache = statCache;
      this.statCacheKept = statCacheKept;
      this.firstStatNanoTime = firstStatNanoTime;
    }

    void failOnConflicts(boolean allowHandEdits) throws OutputConflictException {
      Set<OutputConflict> conflicts = new TreeSet<>(Comparator.comparing(OutputConflict::path));
      conflicts.addAll(folderConflicts);
      for (Wanted file : wanted) {
        switch (file.state) {
          case NOT_GENERATED ->
              conflicts.add(new OutputConflict(file.path, OutputConflict.Kind.NOT_GENERATED));
          case IN_THE_WAY ->
              conflicts.add(new OutputConflict(file.blockedAt, OutputConflict.Kind.IN_THE_WAY));
          case SYMLINK ->
              conflicts.add(new OutputConflict(file.blockedAt, OutputConflict.Kind.SYMLINK));
          case EDITED -> {
            if (!allowHandEdits) {
              conflicts.add(new OutputConflict(file.path, OutputConflict.Kind.EDITED));
            }
          }
          default -> {}
        }
      }
      if (!allowHandEdits) {
        obsolete.stream()
            .filter(Obsolete::edited)
            .forEach(
                file ->
                    conflicts.add(
                        new OutputConflict(file.path, OutputConflict.Kind.EDITED_OBSOLETE)));
      }
      if (!conflicts.isEmpty()) {
        throw new OutputConflictException(root.toString(), List.copyOf(conflicts));
      }
    }

    List<Wanted> toWrite() {
      return wanted.stream()
          .filter(f -> f.state == State.NEW || f.state == State.CHANGED || f.state == State.EDITED)
          .toList();
    }

    List<Obsolete> toRemove() {
      return obsolete;
    }

    List<String> unchanged() {
      return wanted.stream().filter(f -> f.state == State.UNCHANGED).map(Wanted::path).toList();
    }

    List<String> editedByHand() {
      List<String> edited = new ArrayList<>();
      wanted.stream().filter(f -> f.state == State.EDITED).forEach(f -> edited.add(f.path));
      obsolete.stream().filter(Obsolete::edited).forEach(f -> edited.add(f.path));
      edited.sort(null);
      return edited;
    }

    boolean manifestChanges() {
      return oldManifestBytes.isEmpty() || !Arrays.equals(oldManifestBytes.get(), newManifestBytes);
    }

    /**
     * After a successful write: records the stats of the files found unchanged, unless the cache on
     * disk already says exactly that. Files written by this run are left out (their stats are too
     * new to be trusted); the next run reads them once and records them. Where there was no cache,
     * leaves an empty one: the next run records.
     */
    void keepStatCache() {
      if (!statCacheKept) {
        return;
      }
      if (firstStatNanoTime == null) {
        writeStatCache(new TreeMap<>(), System.nanoTime());
        return;
      }
      int recorded = 0;
      boolean learned = false;
      for (Wanted file : wanted) {
        if (file.state == State.UNCHANGED && file.stat != null) {
          recorded++;
          learned |= !file.confirmedByCache;
        }
      }
      if (!learned && recorded == statCache.size()) {
        return;
      }
      SortedMap<String, StatCache.Entry> entries = new TreeMap<>();
      for (Wanted file : wanted) {
        if (file.state == State.UNCHANGED && file.stat != null) {
          entries.put(file.path, new StatCache.Entry(file.stat, file.crc32, file.crc32c()));
        }
      }
      writeStatCache(entries, firstStatNanoTime);
    }

    private void writeStatCache(SortedMap<String, StatCache.Entry> entries, long statsStarted) {
      try {
        StatCache.write(root, entries, statsStarted, tempTag);
      } catch (IOException e) {
        // Only a shortcut: without it, the next run reads the files instead.
      }
    }
  }

  /**
   * @param keepStatCache this is a write that keeps a stat cache in this tree
   */
  /**
   * @param fresh the output folder did not exist before this run (nothing to read)
   */
  private Plan plan(List<GeneratedFile> files, boolean keepStatCache, boolean fresh)
      throws IOException {
    if (Files.exists(root) && !Files.isDirectory(root)) {
      throw new IOException(root + ": not a folder");
    }
    List<Wanted> wanted = wantedFiles(files);
    if (fresh) {
      // A fresh folder: everything is new, and there is nothing to read.
      Parallel.forEachIndex(
          wanted.size(),
          i -> {
            fingerprint(wanted.get(i));
            wanted.get(i).state = State.NEW;
          });
      return newPlan(wanted, List.of(), Optional.empty(), StatCache.empty(), keepStatCache, null);
    }
    OnDisk manifestOnDisk = read(Manifest.PATH);
    if (manifestOnDisk.blockedAt() != null) {
      throw new IOException(root.resolve(Manifest.PATH) + ": not a file");
    }
    Optional<byte[]> oldManifestBytes = Optional.ofNullable(manifestOnDisk.bytes());
    Manifest previous =
        oldManifestBytes.isPresent()
            ? Manifest.parse(oldManifestBytes.get(), root.resolve(Manifest.PATH).toString())
            : Manifest.empty();
    Optional<StatCache> statCacheOnDisk = StatCache.read(root);
    StatCache statCache = statCacheOnDisk.orElse(StatCache.empty());
    StatCache.Entry[] cached = statCache.entriesFor(wanted.stream().map(Wanted::path).toList());
    for (int i = 0; i < cached.length; i++) {
      wanted.get(i).cacheEntry = cached[i];
    }
    // Stats are recorded only where a cache already is: a first run (CI's only one) skips the cost.
    boolean recordStats = keepStatCache && statCacheOnDisk.isPresent();
    Long firstStatNanoTime = recordStats ? System.nanoTime() : null;
    Parallel.forEachIndex(
        wanted.size(), i -> inspect(wanted.get(i), previous, statCache, recordStats));

    Set<String> produced = new HashSet<>();
    for (Wanted file : wanted) {
      produced.add(file.path);
    }
    SortedMap<String, Obsolete> obsolete = new TreeMap<>();
    for (String owned : previous.paths()) {
      if (!produced.contains(owned)) {
        obsoleteFile(owned, previous.recorded(owned).orElseThrow())
            .ifPresent(file -> obsolete.put(file.path(), file));
      }
    }
    return newPlan(
        wanted,
        List.copyOf(obsolete.values()),
        oldManifestBytes,
        statCache,
        keepStatCache,
        firstStatNanoTime);
  }

  private Plan newPlan(
      List<Wanted> wanted,
      List<Obsolete> obsolete,
      Optional<byte[]> oldManifestBytes,
      StatCache statCache,
      boolean statCacheKept,
      Long firstStatNanoTime)
      throws IOException {
    List<String> paths = new ArrayList<>(wanted.size());
    List<String> fingerprints = new ArrayList<>(wanted.size());
    for (Wanted file : wanted) {
      paths.add(file.path);
      fingerprints.add(file.fingerprint);
    }
    Plan plan =
        new Plan(
            wanted,
            obsolete,
            Manifest.ofSorted(paths, fingerprints),
            oldManifestBytes,
            statCache,
            statCacheKept,
            firstStatNanoTime);
    lookAtFolders(plan);
    return plan;
  }

  /**
   * The folders of every file to write or remove: a symbolic link among them is a conflict (files
   * are only changed through real folders), missing ones are made by the write. Only the files to
   * change cost a look, so a run over an unchanged tree makes none.
   */
  private void lookAtFolders(Plan plan) throws IOException {
    RealFolders folders = new RealFolders(root);
    Set<String> missing = new HashSet<>();
    for (Wanted file : plan.wanted) {
      if (file.state != State.NEW && file.state != State.CHANGED && file.state != State.EDITED) {
        continue;
      }
      RealFolders.Verdict verdict = folders.foldersOf(file.path);
      if (verdict.kind() == RealFolders.Kind.SYMLINK) {
        file.state = State.SYMLINK;
        file.blockedAt = verdict.at();
      } else if (verdict.kind() == RealFolders.Kind.NOT_A_FOLDER) {
        file.state = State.IN_THE_WAY;
        file.blockedAt = verdict.at();
      } else if (verdict.kind() == RealFolders.Kind.MISSING) {
        for (String folder = parent(file.path);
            folder != null
                && folders.folder(folder).kind() == RealFolders.Kind.MISSING
                && missing.add(folder);
            folder = parent(folder)) {
          // every missing folder on the way, deepest first, until one already known
        }
      }
    }
    for (Obsolete file : plan.obsolete) {
      RealFolders.Verdict verdict = folders.foldersOf(file.path());
      if (verdict.kind() == RealFolders.Kind.SYMLINK) {
        plan.folderConflicts.add(new OutputConflict(verdict.at(), OutputConflict.Kind.SYMLINK));
      }
    }
    plan.missingFolders.addAll(new TreeSet<>(missing));
  }

  private static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? null : path.substring(0, slash);
  }

  /** The files to produce, sorted, after checking the renderers kept to the rules. */
  private static List<Wanted> wantedFiles(List<GeneratedFile> files) {
    Set<String> paths = new HashSet<>(files.size() * 2);
    for (GeneratedFile file : files) {
      String path = file.relativePath();
      if (!RelativePaths.isSafe(path) || RelativePaths.isReserved(path)) {
        throw new IllegalArgumentException(
            "a renderer produced a path the output tree does not accept: " + path);
      }
      if (!paths.add(path)) {
        throw new IllegalArgumentException("a renderer produced " + path + " twice");
      }
    }
    List<GeneratedFile> sorted = new ArrayList<>(files);
    if (!isSortedByPath(sorted)) {
      // Renderers and the generator hand over sorted files; sorting again would cost more than
      // looking.
      sorted.sort(Comparator.comparing(GeneratedFile::relativePath));
    }
    List<Wanted> wanted = new ArrayList<>(sorted.size());
    for (GeneratedFile file : sorted) {
      String path = file.relativePath();
      for (String folder : folders(path)) {
        if (paths.contains(folder)) {
          throw new IllegalArgumentException(
              "a renderer produced both the file " + folder + " and " + path);
        }
      }
      wanted.add(new Wanted(path, file.content()));
    }
    return wanted;
  }

  private static boolean isSortedByPath(List<GeneratedFile> files) {
    for (int i = 1; i < files.size(); i++) {
      if (files.get(i - 1).relativePath().compareTo(files.get(i).relativePath()) > 0) {
        return false;
      }
    }
    return true;
  }

  private static void fingerprint(Wanted file) {
    file.bytes = file.content.getBytes(StandardCharsets.UTF_8);
    file.crc32 = Manifest.crc32(file.bytes);
    file.fingerprint = Manifest.fingerprint(file.crc32, file.bytes.length);
  }

  private void inspect(Wanted file, Manifest previous, StatCache statCache, boolean recordStats)
      throws IOException {
    fingerprint(file);
    boolean cached = file.cacheEntry != null;
    // Stat before reading: a change after the stat then shows as a new stat in the next run.
    FileStat stat = cached || recordStats ? statOrNull(file.path) : null;
    if (cached
        && statCache.confirms(
            file.cacheEntry, stat, file.bytes.length, file.crc32, file.crc32c())) {
      file.state = State.UNCHANGED;
      file.stat = stat;
      file.confirmedByCache = true;
      return;
    }
    OnDisk onDisk = read(file.path);
    if (onDisk.blockedAt() != null) {
      file.state = onDisk.symlink() ? State.SYMLINK : State.IN_THE_WAY;
      file.blockedAt = onDisk.blockedAt();
    } else if (onDisk.isAbsent()) {
      file.state = State.NEW;
    } else if (Arrays.equals(onDisk.bytes(), file.bytes)) {
      file.state = State.UNCHANGED;
      file.stat = stat != null && stat.size() == file.bytes.length ? stat : null;
    } else {
      file.onDisk = onDisk.bytes();
      Optional<String> recorded = previous.recorded(file.path);
      if (recorded.isEmpty()) {
        // Not in the manifest: someone else's.
        file.state = State.NOT_GENERATED;
      } else if (recorded.get().equals(Manifest.fingerprint(file.onDisk))) {
        file.state = State.CHANGED;
      } else {
        file.state = State.EDITED;
      }
    }
  }

  /**
   * The stat of the regular file at {@code path}; null when there is none or it cannot be read
   * (reading then tells why).
   */
  private FileStat statOrNull(String path) {
    try {
      return FileStat.of(root.resolve(path));
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * An owned file this run no longer produces; empty when it is already gone or no longer a file.
   */
  private Optional<Obsolete> obsoleteFile(String path, String recorded) throws IOException {
    OnDisk onDisk = read(path);
    if (onDisk.bytes() == null) {
      return Optional.empty();
    }
    return Optional.of(
        new Obsolete(path, onDisk.bytes(), !recorded.equals(Manifest.fingerprint(onDisk.bytes()))));
  }

  /**
   * What is at a path below the root: a file's bytes, nothing, or something in the way.
   *
   * @param bytes the file's bytes; null when there is none
   * @param blockedAt the path itself when a folder or a symbolic link is there, or the first of its
   *     folders that is a file; null when nothing is in the way
   * @param symlink a symbolic link is at the path (it is never followed)
   */
  private record OnDisk(byte[] bytes, String blockedAt, boolean symlink) {
    static final OnDisk ABSENT = new OnDisk(null, null, false);

    boolean isAbsent() {
      return bytes == null && blockedAt == null;
    }
  }

  /**
   * @throws IOException when a file exists there and cannot be read
   */
  private OnDisk read(String path) throws IOException {
    Path file = root.resolve(path);
    try (SeekableByteChannel channel = Files.newByteChannel(file, READ_NO_FOLLOW)) {
      return new OnDisk(Transaction.readFully(channel), null, false);
    } catch (NoSuchFileException e) {
      return OnDisk.ABSENT;
    } catch (IOException e) {
      // Only now look for what is in the way, so that a run over an intact tree costs no extra
      // stat.
      if (Files.isSymbolicLink(file)) {
        return new OnDisk(null, path, true);
      }
      if (Files.isDirectory(file)) {
        return new OnDisk(null, path, false);
      }
      for (String folder : folders(path)) {
        Path candidate = root.resolve(folder);
        if (Files.exists(candidate) && !Files.isDirectory(candidate)) {
          return new OnDisk(null, folder, false);
        }
      }
      throw new IOException("cannot read " + file + ": " + IoMessages.reason(e), e);
    }
  }

  /** {@code a/b/c.tf} → {@code a}, {@code a/b}. */
  private static List<String> folders(String path) {
    List<String> folders = new ArrayList<>();
    for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
      folders.add(path.substring(0, slash));
    }
    return folders;
  }
}
