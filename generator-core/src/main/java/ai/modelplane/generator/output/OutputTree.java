package ai.modelplane.generator.output;

import ai.modelplane.generator.IoMessages;
import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;

/**
 * The generated files below one output directory, and the rules for changing them without losing
 * anyone's work.
 *
 * <ul>
 *   <li>The generator owns exactly the files {@link Manifest} lists. Files it does not own are
 *       never written, moved or removed; when one sits where a generated file must go with other
 *       bytes, the run fails and writes nothing. One with the very bytes the generator wants is
 *       adopted (so a tree committed without its manifest recovers).
 *   <li>Every problem is found before the first write: on a conflict, a read error or an invalid
 *       manifest, nothing on disk changes.
 *   <li>Files whose bytes are already right are not rewritten (their mtimes stay). Changed files
 *       are written to temporary files in their own folder, then each is moved into place with an
 *       atomic rename. New files (nothing was at their place) need no atomic replacement: they are
 *       created in place, on every core for big runs, after {@link CreationJournal} has recorded
 *       their paths, so that a run that crashes half-way leaves files the next run recognises as
 *       its own; a run that fails removes the files it created. Files the previous manifest lists
 *       and this run no longer produces are removed with the folders they leave empty; the manifest
 *       is replaced last. There is no fsync: atomic renames keep readers and crashed runs from
 *       seeing half-replaced files, and every generated file can be generated again.
 *   <li>Comparing reads every file, except in big trees, where {@link StatCache} (like git's index)
 *       lets a file whose stat has not moved since a previous run found its bytes right count as
 *       unchanged without reading it.
 *   <li>A generated file edited by hand since it was written (its fingerprint no longer matches
 *       the manifest) is a conflict unless the caller forces: then it is overwritten (or removed) and
 *       reported.
 * </ul>
 */
public final class OutputTree {
  /** Below this many files, comparing on one thread is faster than forking. */
  private static final int PARALLEL_THRESHOLD = 64;

  /**
   * From this many generated files on, {@link #write} keeps a {@link StatCache}; below it, reading
   * every file costs a few milliseconds, less than keeping a second bookkeeping file up to date.
   */
  static final int STAT_CACHE_THRESHOLD = 256;

  private static final String TEMP_SUFFIX = ".modelplane-tmp";

  private final Path root;
  private final int statCacheThreshold;
  /** Temporary files carry this process's id, so cleaning up by name never removes another run's. */
  private final String tempTag = "." + ProcessHandle.current().pid() + TEMP_SUFFIX;

  /** @param root the output directory; created on the first write when it does not exist */
  public OutputTree(Path root) {
    this(root, STAT_CACHE_THRESHOLD);
  }

  /** @param statCacheThreshold from how many generated files on a write keeps a {@link StatCache} */
  OutputTree(Path root, int statCacheThreshold) {
    this.root = root;
    this.statCacheThreshold = statCacheThreshold;
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
  public TreeReport write(List<GeneratedFile> files, boolean force) throws IOException {
    Plan plan = plan(files, files.size() >= statCacheThreshold);
    plan.failOnConflicts(force);
    List<Wanted> toWrite = plan.toWrite();
    List<Obsolete> toRemove = plan.toRemove();
    if (!toWrite.isEmpty() || !toRemove.isEmpty() || plan.manifestChanges() || plan.leftover.isPresent()) {
      new Writer().apply(toWrite, toRemove, plan.manifestChanges() ? Optional.of(plan.newManifestBytes) : Optional.empty(), plan.leftover);
    }
    plan.keepStatCache();
    return new TreeReport(
        toWrite.stream().map(Wanted::path).toList(),
        plan.unchanged(),
        toRemove.stream().map(Obsolete::path).toList(),
        plan.editedByHand(),
        List.of(),
        "");
  }

  /**
   * Compares the tree with {@code files} and writes nothing. Hand-edited generated files count as
   * stale (the diff shows the edit being undone); files the generator does not own in its way are
   * conflicts, as they would be for {@link #write}.
   *
   * @throws OutputConflictException when a write would fail on someone else's file
   */
  public TreeReport check(List<GeneratedFile> files) throws IOException {
    Plan plan = plan(files, false);
    plan.failOnConflicts(true);
    List<Wanted> toWrite = plan.toWrite();
    List<Obsolete> toRemove = plan.toRemove();
    SortedMap<String, String> diffs = new TreeMap<>();
    for (Wanted file : toWrite) {
      diffs.put(file.path, UnifiedDiff.of(file.path, Optional.ofNullable(file.onDisk), Optional.of(file.bytes)));
    }
    for (Obsolete file : toRemove) {
      diffs.put(file.path, UnifiedDiff.of(file.path, Optional.of(file.onDisk), Optional.empty()));
    }
    List<String> stale = new ArrayList<>(diffs.keySet());
    StringBuilder diff = new StringBuilder();
    diffs.values().forEach(diff::append);
    if (plan.manifestChanges()) {
      stale.add(Manifest.PATH);
      diff.append(UnifiedDiff.of(Manifest.PATH, plan.oldManifestBytes, Optional.of(plan.newManifestBytes)));
    }
    return new TreeReport(
        toWrite.stream().map(Wanted::path).toList(),
        plan.unchanged(),
        toRemove.stream().map(Obsolete::path).toList(),
        plan.editedByHand(),
        stale,
        diff.toString());
  }

  // ---- planning: read everything, decide everything, change nothing ----

  private enum State {
    NEW,
    UNCHANGED,
    CHANGED,
    EDITED,
    NOT_GENERATED,
    IN_THE_WAY
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
    /** Under {@link State#IN_THE_WAY}: the path that is in the way (this file's or a folder's). */
    String blockedAt;
    /** Under {@link State#UNCHANGED}: the stat taken before the bytes were compared, for the stat cache; may be null. */
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
   * A file the previous manifest (or a crashed run's journal) lists and this run does not produce.
   *
   * @param edited its bytes differ from those the generator wrote
   */
  private record Obsolete(String path, byte[] onDisk, boolean edited) {}

  /** A crashed run's {@link CreationJournal}, with its bytes and mtime so that a failed write can put it back. */
  private record Leftover(CreationJournal journal, byte[] bytes, FileTime modified) {
    static final Leftover NONE = new Leftover(CreationJournal.empty(), null, null);

    boolean isPresent() {
      return bytes != null;
    }
  }

  private final class Plan {
    final List<Wanted> wanted;
    final List<Obsolete> obsolete;
    final Manifest newManifest;
    final byte[] newManifestBytes;
    final Optional<byte[]> oldManifestBytes;
    final Leftover leftover;
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
        Leftover leftover,
        StatCache statCache,
        boolean statCacheKept,
        Long firstStatNanoTime) {
      this.wanted = wanted;
      this.obsolete = obsolete;
      this.newManifest = newManifest;
      this.newManifestBytes = newManifest.toBytes();
      this.oldManifestBytes = oldManifestBytes;
      this.leftover = leftover;
      this.statCache = statCache;
      this.statCacheKept = statCacheKept;
      this.firstStatNanoTime = firstStatNanoTime;
    }

    void failOnConflicts(boolean allowHandEdits) throws OutputConflictException {
      Set<OutputConflict> conflicts = new TreeSet<>(Comparator.comparing(OutputConflict::path));
      for (Wanted file : wanted) {
        switch (file.state) {
          case NOT_GENERATED -> conflicts.add(new OutputConflict(file.path, OutputConflict.Kind.NOT_GENERATED));
          case IN_THE_WAY -> conflicts.add(new OutputConflict(file.blockedAt, OutputConflict.Kind.IN_THE_WAY));
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
            .forEach(file -> conflicts.add(new OutputConflict(file.path, OutputConflict.Kind.EDITED_OBSOLETE)));
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
     * After a successful write: records the stats of the files found unchanged, unless the cache
     * on disk already says exactly that. Files written by this run are left out (their stats are
     * too new to be trusted); the next run reads them once and records them. Where there was no
     * cache, leaves an empty one: the next run records.
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

  /** @param keepStatCache this is a write that keeps a stat cache in this tree */
  private Plan plan(List<GeneratedFile> files, boolean keepStatCache) throws IOException {
    if (Files.exists(root) && !Files.isDirectory(root)) {
      throw new IOException(root + ": not a folder");
    }
    List<Wanted> wanted = wantedFiles(files);
    if (!Files.exists(root)) {
      // A fresh folder: everything is new, and there is nothing to read.
      forEach(wanted, file -> {
        fingerprint(file);
        file.state = State.NEW;
      });
      return newPlan(wanted, List.of(), Optional.empty(), Leftover.NONE, StatCache.empty(), keepStatCache, null);
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
    Leftover leftover = leftover();
    Optional<StatCache> statCacheOnDisk = StatCache.read(root);
    StatCache statCache = statCacheOnDisk.orElse(StatCache.empty());
    StatCache.Entry[] cached = statCache.entriesFor(wanted.stream().map(Wanted::path).toList());
    for (int i = 0; i < cached.length; i++) {
      wanted.get(i).cacheEntry = cached[i];
    }
    // Stats are recorded only where a cache already is: a first run (CI's only one) skips the cost.
    boolean recordStats = keepStatCache && statCacheOnDisk.isPresent();
    Long firstStatNanoTime = recordStats ? System.nanoTime() : null;
    forEach(wanted, file -> inspect(file, previous, leftover.journal(), statCache, recordStats));

    Set<String> produced = new HashSet<>();
    for (Wanted file : wanted) {
      produced.add(file.path);
    }
    SortedMap<String, Obsolete> obsolete = new TreeMap<>();
    for (String owned : previous.paths()) {
      if (!produced.contains(owned)) {
        obsoleteFile(owned, previous.recorded(owned).orElseThrow()).ifPresent(file -> obsolete.put(file.path(), file));
      }
    }
    for (String created : leftover.journal().paths()) {
      if (!produced.contains(created) && !previous.owns(created)) {
        // Created by a run that crashed before its manifest: the generator's, as it left it.
        OnDisk onDisk = read(created);
        if (onDisk.bytes() != null) {
          obsolete.put(created, new Obsolete(created, onDisk.bytes(), false));
        }
      }
    }
    return newPlan(wanted, List.copyOf(obsolete.values()), oldManifestBytes, leftover, statCache, keepStatCache, firstStatNanoTime);
  }

  private Plan newPlan(
      List<Wanted> wanted, List<Obsolete> obsolete, Optional<byte[]> oldManifestBytes, Leftover leftover,
      StatCache statCache, boolean statCacheKept, Long firstStatNanoTime) {
    List<String> paths = new ArrayList<>(wanted.size());
    List<String> fingerprints = new ArrayList<>(wanted.size());
    for (Wanted file : wanted) {
      paths.add(file.path);
      fingerprints.add(file.fingerprint);
    }
    return new Plan(wanted, obsolete, Manifest.ofSorted(paths, fingerprints), oldManifestBytes, leftover, statCache, statCacheKept, firstStatNanoTime);
  }

  private Leftover leftover() throws IOException {
    OnDisk journal = read(CreationJournal.PATH);
    if (journal.bytes() == null) {
      return Leftover.NONE;
    }
    Path path = root.resolve(CreationJournal.PATH);
    return new Leftover(CreationJournal.parse(journal.bytes(), path.toString()), journal.bytes(), Files.getLastModifiedTime(path));
  }

  /** The files to produce, sorted, after checking the renderers kept to the rules. */
  private static List<Wanted> wantedFiles(List<GeneratedFile> files) {
    Set<String> paths = new HashSet<>(files.size() * 2);
    for (GeneratedFile file : files) {
      String path = file.relativePath();
      if (!RelativePaths.isSafe(path) || RelativePaths.isReserved(path)) {
        throw new IllegalArgumentException("a renderer produced a path the output tree does not accept: " + path);
      }
      if (!paths.add(path)) {
        throw new IllegalArgumentException("a renderer produced " + path + " twice");
      }
    }
    List<GeneratedFile> sorted = new ArrayList<>(files);
    if (!isSortedByPath(sorted)) {
      // Renderers and the generator hand over sorted files; sorting again would cost more than looking.
      sorted.sort(Comparator.comparing(GeneratedFile::relativePath));
    }
    List<Wanted> wanted = new ArrayList<>(sorted.size());
    for (GeneratedFile file : sorted) {
      String path = file.relativePath();
      for (String folder : folders(path)) {
        if (paths.contains(folder)) {
          throw new IllegalArgumentException("a renderer produced both the file " + folder + " and " + path);
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

  private void inspect(Wanted file, Manifest previous, CreationJournal leftover, StatCache statCache, boolean recordStats)
      throws IOException {
    fingerprint(file);
    boolean cached = file.cacheEntry != null;
    // Stat before reading: a change after the stat then shows as a new stat in the next run.
    FileStat stat = cached || recordStats ? statOrNull(file.path) : null;
    if (cached && statCache.confirms(file.cacheEntry, stat, file.bytes.length, file.crc32, file.crc32c())) {
      file.state = State.UNCHANGED;
      file.stat = stat;
      file.confirmedByCache = true;
      return;
    }
    OnDisk onDisk = read(file.path);
    if (onDisk.blockedAt() != null) {
      file.state = State.IN_THE_WAY;
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
        // Not in the manifest: someone else's, unless a crashed run of the generator created it.
        file.state = leftover.lists(file.path) ? State.CHANGED : State.NOT_GENERATED;
      } else if (recorded.get().equals(Manifest.fingerprint(file.onDisk))) {
        file.state = State.CHANGED;
      } else {
        file.state = State.EDITED;
      }
    }
  }

  /** The stat of the regular file at {@code path}; null when there is none or it cannot be read (reading then tells why). */
  private FileStat statOrNull(String path) {
    try {
      return FileStat.of(root.resolve(path));
    } catch (IOException e) {
      return null;
    }
  }

  /** An owned file this run no longer produces; empty when it is already gone or no longer a file. */
  private Optional<Obsolete> obsoleteFile(String path, String recorded) throws IOException {
    OnDisk onDisk = read(path);
    if (onDisk.bytes() == null) {
      return Optional.empty();
    }
    return Optional.of(new Obsolete(path, onDisk.bytes(), !recorded.equals(Manifest.fingerprint(onDisk.bytes()))));
  }

  /**
   * What is at a path below the root: a file's bytes, nothing, or something in the way.
   *
   * @param bytes the file's bytes; null when there is none
   * @param blockedAt the path itself when a folder is there, or the first of its folders that is
   *     a file; null when nothing is in the way
   */
  private record OnDisk(byte[] bytes, String blockedAt) {
    static final OnDisk ABSENT = new OnDisk(null, null);

    boolean isAbsent() {
      return bytes == null && blockedAt == null;
    }
  }

  /** @throws IOException when a file exists there and cannot be read */
  private OnDisk read(String path) throws IOException {
    Path file = root.resolve(path);
    try {
      return new OnDisk(Files.readAllBytes(file), null);
    } catch (NoSuchFileException e) {
      return OnDisk.ABSENT;
    } catch (IOException e) {
      // Only now look for what is in the way, so that a run over an intact tree costs no extra stat.
      if (Files.isDirectory(file)) {
        return new OnDisk(null, path);
      }
      for (String folder : folders(path)) {
        Path candidate = root.resolve(folder);
        if (Files.exists(candidate) && !Files.isDirectory(candidate)) {
          return new OnDisk(null, folder);
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

  private interface FileAction {
    void run(Wanted file) throws IOException;
  }

  /** Inspects files on every core for big trees: reading and fingerprinting is most of a no-op run. */
  private static void forEach(List<Wanted> files, FileAction action) throws IOException {
    IntStream indexes = IntStream.range(0, files.size());
    if (files.size() >= PARALLEL_THRESHOLD) {
      indexes = indexes.parallel();
    }
    try {
      indexes.forEach(
          i -> {
            try {
              action.run(files.get(i));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  // ---- writing: new files in place, changed ones by atomic moves, removals, manifest last ----

  /** A step of a write that failed, with the path it was at. */
  private static final class WriteFailure extends Exception {
    final String doing;
    final Path at;

    WriteFailure(String doing, Path at, IOException cause) {
      super(cause);
      this.doing = doing;
      this.at = at;
    }
  }

  /**
   * One write; on failure it removes the files it created, its temporary files and the folders it
   * created (if still empty), and puts the creation journal back as it found it.
   */
  private final class Writer {
    /** Files this write created in place (only those it opened itself, never one that was already there). */
    private final ConcurrentLinkedQueue<Path> createdFiles = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Path> temporaries = new ConcurrentLinkedQueue<>();
    /** Folders this write created, deepest last. */
    private final ConcurrentLinkedDeque<Path> createdFolders = new ConcurrentLinkedDeque<>();
    /** Per folder looked at: true when it does not exist yet. */
    private final Map<Path, Boolean> missingFolders = new HashMap<>();
    private boolean journalWritten;

    /** @param manifest the new manifest's bytes, empty when the one on disk is already right */
    void apply(List<Wanted> toWrite, List<Obsolete> toRemove, Optional<byte[]> manifest, Leftover leftover) throws IOException {
      Path journalPath = root.resolve(CreationJournal.PATH);
      try {
        List<String> created = toWrite.stream().filter(file -> file.state == State.NEW).map(Wanted::path).toList();
        createFolders(toWrite);
        if (!created.isEmpty()) {
          // Before the first file is created: after a crash, these are the generator's files.
          replace(journalPath, leftover.journal().with(created).toBytes());
          journalWritten = true;
        }
        Path[] replacements = writeAll(toWrite);
        Path manifestPath = root.resolve(Manifest.PATH);
        Path manifestTemp = null;
        if (manifest.isPresent()) {
          manifestTemp = writeTemporary(manifestPath, manifest.get());
        }
        for (int i = 0; i < replacements.length; i++) {
          if (replacements[i] != null) {
            move(replacements[i], root.resolve(toWrite.get(i).path));
          }
        }
        for (Obsolete file : toRemove) {
          Path target = root.resolve(file.path);
          try {
            Files.deleteIfExists(target);
            removeEmptyFolders(target.getParent());
          } catch (IOException e) {
            throw new WriteFailure("remove", target, e);
          }
        }
        if (manifestTemp != null) {
          move(manifestTemp, manifestPath);
        }
      } catch (WriteFailure failure) {
        cleanUp(journalPath, leftover);
        IOException cause = (IOException) failure.getCause();
        throw new IOException("cannot " + failure.doing + " " + failure.at + ": " + IoMessages.reason(cause), cause);
      }
      if (journalWritten || leftover.isPresent()) {
        try {
          // The manifest now lists every file created; the journal has done its job.
          Files.deleteIfExists(journalPath);
        } catch (IOException e) {
          // Harmless: the next run finds every path it lists in the manifest, and removes it.
        }
      }
    }

    /**
     * Creates the new files in place and writes the replacements of changed ones to temporary
     * files, on every core for big runs; every file is attempted, and the first failure in path
     * order is reported once all are done (so that nothing is still being written during cleanup).
     *
     * @return per file, its temporary file, or null for a file created in place
     */
    private Path[] writeAll(List<Wanted> files) throws WriteFailure {
      Path[] temporary = new Path[files.size()];
      IOException[] failures = new IOException[files.size()];
      IntStream indexes = IntStream.range(0, files.size());
      if (files.size() >= PARALLEL_THRESHOLD) {
        indexes = indexes.parallel();
      }
      indexes.forEach(
          i -> {
            Wanted file = files.get(i);
            Path target = root.resolve(file.path);
            try {
              if (file.state == State.NEW) {
                create(target, file.bytes, createdFiles);
              } else {
                temporary[i] = temporaryFor(target);
                create(temporary[i], file.bytes, temporaries);
              }
            } catch (IOException e) {
              failures[i] = e;
            }
          });
      for (int i = 0; i < failures.length; i++) {
        if (failures[i] != null) {
          throw new WriteFailure("write", root.resolve(files.get(i).path), failures[i]);
        }
      }
      return temporary;
    }

    /** Creates {@code file}, which must not exist, and records it as this write's once it is. */
    private void create(Path file, byte[] bytes, ConcurrentLinkedQueue<Path> record) throws IOException {
      try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        record.add(file);
        out.write(bytes);
      }
    }

    private Path temporaryFor(Path target) {
      return target.resolveSibling("." + target.getFileName() + tempTag);
    }

    private Path writeTemporary(Path target, byte[] bytes) throws WriteFailure {
      try {
        ensureFolder(target.getParent());
        Path temp = temporaryFor(target);
        create(temp, bytes, temporaries);
        return temp;
      } catch (IOException e) {
        throw new WriteFailure("write", target, e);
      }
    }

    private void replace(Path target, byte[] bytes) throws WriteFailure {
      move(writeTemporary(target, bytes), target);
    }

    private void move(Path temp, Path target) throws WriteFailure {
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        throw new WriteFailure("write", target, e);
      }
    }

    /**
     * Creates the folders {@code files} need that do not exist yet, one depth at a time, each depth
     * on every core for big runs (a fresh 1,000-cluster tree needs about 3,000 folders, and the
     * kernel's work for each is most of what creating it costs). A failure is reported for the
     * first file in path order below the folder that could not be made.
     */
    private void createFolders(List<Wanted> files) throws WriteFailure {
      Map<Path, Path> firstFileBelow = new HashMap<>();
      SortedMap<Integer, List<Path>> missingByDepth = new TreeMap<>();
      for (Wanted file : files) {
        Path target = root.resolve(file.path);
        for (Path folder = target.getParent(); folder != null && isMissing(folder); folder = folder.getParent()) {
          if (firstFileBelow.putIfAbsent(folder, target) != null) {
            break;
          }
          missingByDepth.computeIfAbsent(folder.getNameCount(), depth -> new ArrayList<>()).add(folder);
        }
      }
      for (List<Path> folders : missingByDepth.values()) {
        IOException[] failures = new IOException[folders.size()];
        IntStream indexes = IntStream.range(0, folders.size());
        if (folders.size() >= PARALLEL_THRESHOLD) {
          indexes = indexes.parallel();
        }
        indexes.forEach(i -> {
          try {
            Files.createDirectory(folders.get(i));
            createdFolders.addLast(folders.get(i));
          } catch (IOException e) {
            failures[i] = e;
          }
        });
        folders.forEach(folder -> missingFolders.put(folder, false));
        Path failedFor = null;
        IOException failure = null;
        for (int i = 0; i < failures.length; i++) {
          Path file = firstFileBelow.get(folders.get(i));
          if (failures[i] != null && (failedFor == null || file.compareTo(failedFor) < 0)) {
            failedFor = file;
            failure = failures[i];
          }
        }
        if (failure != null) {
          throw new WriteFailure("write", failedFor, failure);
        }
      }
    }

    /** True when {@code folder} does not exist (as a folder) yet; looks at each folder once, top down. */
    private boolean isMissing(Path folder) {
      Boolean known = missingFolders.get(folder);
      if (known == null) {
        Path parent = folder.getParent();
        // Below a missing folder there is nothing: no need to look.
        known = (parent != null && isMissing(parent)) || !Files.isDirectory(folder);
        missingFolders.put(folder, known);
      }
      return known;
    }

    /** Creates the folder a single file needs (the manifest, the journal) and its missing parents. */
    private void ensureFolder(Path folder) throws IOException {
      if (folder == null || !isMissing(folder)) {
        return;
      }
      ensureFolder(folder.getParent());
      Files.createDirectory(folder);
      createdFolders.addLast(folder);
      missingFolders.put(folder, false);
    }

    private void removeEmptyFolders(Path folder) throws IOException {
      while (folder != null && !folder.equals(root) && isEmptyFolder(folder)) {
        Files.delete(folder);
        folder = folder.getParent();
      }
    }

    /**
     * The one cleanup: files created in place, temporary files not yet moved, the journal as it
     * was, then folders this write created, if empty.
     */
    private void cleanUp(Path journalPath, Leftover leftover) {
      for (Path file : createdFiles) {
        deleteQuietly(file);
      }
      for (Path temp : temporaries) {
        // Moved ones are gone already; deleting by name is safe because names carry this process's id.
        deleteQuietly(temp);
      }
      if (journalWritten) {
        try {
          if (leftover.isPresent()) {
            Files.write(journalPath, leftover.bytes());
            Files.setLastModifiedTime(journalPath, leftover.modified());
          } else {
            Files.deleteIfExists(journalPath);
          }
        } catch (IOException ignored) {
          // Best effort after a failure that is being reported; a journal lists only the generator's files.
        }
      }
      for (Iterator<Path> deepestFirst = createdFolders.descendingIterator(); deepestFirst.hasNext(); ) {
        Path folder = deepestFirst.next();
        try {
          if (isEmptyFolder(folder)) {
            Files.delete(folder);
          }
        } catch (IOException ignored) {
          // Same: best effort after a failure that is being reported.
        }
      }
    }

    private void deleteQuietly(Path file) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // The write already failed; a leftover file is named after its target or listed in the journal.
      }
    }
  }

  private static boolean isEmptyFolder(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
      return !entries.iterator().hasNext();
    }
  }
}
