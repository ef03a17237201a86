package ai.modelplane.generator.output;

import ai.modelplane.generator.IoMessages;
import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
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
 *   <li>Files whose bytes are already right are not rewritten (their mtimes stay). New and changed
 *       files are written to temporary files in their own folder, then each is moved into place
 *       with an atomic rename; files the previous manifest lists and this run no longer produces
 *       are removed with the folders they leave empty; the manifest is replaced last. There is no
 *       fsync: atomic renames keep readers and crashed runs from seeing half-written files, and
 *       every generated file can be generated again.
 *   <li>A generated file edited by hand since it was written (its fingerprint no longer matches
 *       the manifest) is a conflict unless the caller forces: then it is overwritten (or removed) and
 *       reported.
 * </ul>
 */
public final class OutputTree {
  /** Below this many files, comparing on one thread is faster than forking. */
  private static final int PARALLEL_THRESHOLD = 64;

  private static final String TEMP_SUFFIX = ".modelplane-tmp";

  private final Path root;

  /** @param root the output directory; created on the first write when it does not exist */
  public OutputTree(Path root) {
    this.root = root;
  }

  /**
   * Makes the tree hold exactly {@code files} (plus whatever the generator does not own).
   *
   * @param force overwrite or remove generated files that were edited by hand, instead of failing
   * @throws OutputConflictException when writing would overwrite or remove someone's work; nothing
   *     was written
   * @throws IOException when the tree cannot be read or written; a failure while writing removes
   *     the temporary files, and nothing else has changed unless it happened while files were being
   *     moved into place
   */
  public TreeReport write(List<GeneratedFile> files, boolean force) throws IOException {
    Plan plan = plan(files);
    plan.failOnConflicts(force);
    List<Wanted> toWrite = plan.toWrite();
    List<Obsolete> toRemove = plan.toRemove();
    if (!toWrite.isEmpty() || !toRemove.isEmpty() || plan.manifestChanges()) {
      new Writer().apply(toWrite, toRemove, plan.manifestChanges() ? Optional.of(plan.newManifestBytes) : Optional.empty());
    }
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
    Plan plan = plan(files);
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
    final byte[] bytes;
    String fingerprint;
    State state;
    /** The bytes on disk when they differ from {@code bytes}, for the diff; null otherwise. */
    byte[] onDisk;
    /** Under {@link State#IN_THE_WAY}: the path that is in the way (this file's or a folder's). */
    String blockedAt;

    Wanted(String path, byte[] bytes) {
      this.path = path;
      this.bytes = bytes;
    }

    String path() {
      return path;
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

    Plan(
        List<Wanted> wanted,
        List<Obsolete> obsolete,
        Manifest newManifest,
        Optional<byte[]> oldManifestBytes) {
      this.wanted = wanted;
      this.obsolete = obsolete;
      this.newManifest = newManifest;
      this.newManifestBytes = newManifest.toBytes();
      this.oldManifestBytes = oldManifestBytes;
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
  }

  private Plan plan(List<GeneratedFile> files) throws IOException {
    if (Files.exists(root) && !Files.isDirectory(root)) {
      throw new IOException(root + ": not a folder");
    }
    List<Wanted> wanted = wantedFiles(files);
    OnDisk manifestOnDisk = read(Manifest.PATH);
    if (manifestOnDisk.blockedAt() != null) {
      throw new IOException(root.resolve(Manifest.PATH) + ": not a file");
    }
    Optional<byte[]> oldManifestBytes = Optional.ofNullable(manifestOnDisk.bytes());
    Manifest previous =
        oldManifestBytes.isPresent()
            ? Manifest.parse(oldManifestBytes.get(), root.resolve(Manifest.PATH).toString())
            : Manifest.empty();
    forEach(wanted, file -> inspect(file, previous));

    Set<String> produced = new HashSet<>();
    SortedMap<String, String> fingerprints = new TreeMap<>();
    for (Wanted file : wanted) {
      produced.add(file.path);
      fingerprints.put(file.path, file.fingerprint);
    }
    List<Obsolete> obsolete = new ArrayList<>();
    for (Map.Entry<String, String> owned : previous.fingerprints().entrySet()) {
      if (!produced.contains(owned.getKey())) {
        obsoleteFile(owned.getKey(), owned.getValue()).ifPresent(obsolete::add);
      }
    }
    return new Plan(wanted, obsolete, new Manifest(fingerprints), oldManifestBytes);
  }

  /** The files to produce, sorted, after checking the renderers kept to the rules. */
  private static List<Wanted> wantedFiles(List<GeneratedFile> files) {
    SortedMap<String, GeneratedFile> byPath = new TreeMap<>();
    for (GeneratedFile file : files) {
      String path = file.relativePath();
      if (!RelativePaths.isSafe(path) || RelativePaths.isReserved(path)) {
        throw new IllegalArgumentException("a renderer produced a path the output tree does not accept: " + path);
      }
      if (byPath.put(path, file) != null) {
        throw new IllegalArgumentException("a renderer produced " + path + " twice");
      }
    }
    for (String path : byPath.keySet()) {
      for (String folder : folders(path)) {
        if (byPath.containsKey(folder)) {
          throw new IllegalArgumentException("a renderer produced both the file " + folder + " and " + path);
        }
      }
    }
    List<Wanted> wanted = new ArrayList<>(byPath.size());
    byPath.values().forEach(f -> wanted.add(new Wanted(f.relativePath(), f.content().getBytes(StandardCharsets.UTF_8))));
    return wanted;
  }

  private void inspect(Wanted file, Manifest previous) throws IOException {
    file.fingerprint = Manifest.fingerprint(file.bytes);
    OnDisk onDisk = read(file.path);
    if (onDisk.blockedAt() != null) {
      file.state = State.IN_THE_WAY;
      file.blockedAt = onDisk.blockedAt();
    } else if (onDisk.isAbsent()) {
      file.state = State.NEW;
    } else if (Arrays.equals(onDisk.bytes(), file.bytes)) {
      file.state = State.UNCHANGED;
    } else {
      file.onDisk = onDisk.bytes();
      Optional<String> recorded = previous.recorded(file.path);
      if (recorded.isEmpty()) {
        file.state = State.NOT_GENERATED;
      } else if (recorded.get().equals(Manifest.fingerprint(file.onDisk))) {
        file.state = State.CHANGED;
      } else {
        file.state = State.EDITED;
      }
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

  // ---- writing: temporary files, atomic moves, removals, manifest last ----

  /** One write; on failure it removes its temporary files and the folders it created, if still empty. */
  private final class Writer {
    private final String tempTag = "." + ProcessHandle.current().pid() + TEMP_SUFFIX;
    /** Temporary file to its target, in path order. */
    private final Map<Path, Path> moves = new LinkedHashMap<>();
    private final List<Path> temporaries = new ArrayList<>();
    private Path manifestTemp;
    private final Deque<Path> createdFolders = new ArrayDeque<>();
    private final Set<Path> knownFolders = new HashSet<>();

    /** @param manifest the new manifest's bytes, empty when the one on disk is already right */
    void apply(List<Wanted> toWrite, List<Obsolete> toRemove, Optional<byte[]> manifest) throws IOException {
      Path current = root;
      String doing = "write";
      try {
        for (Wanted file : toWrite) {
          current = root.resolve(file.path);
          moves.put(writeTemporary(current, file.bytes), current);
        }
        Path manifestPath = root.resolve(Manifest.PATH);
        if (manifest.isPresent()) {
          current = manifestPath;
          manifestTemp = writeTemporary(manifestPath, manifest.get());
        }
        for (Map.Entry<Path, Path> move : moves.entrySet()) {
          current = move.getValue();
          Files.move(move.getKey(), move.getValue(), StandardCopyOption.ATOMIC_MOVE);
        }
        doing = "remove";
        for (Obsolete file : toRemove) {
          current = root.resolve(file.path);
          Files.deleteIfExists(current);
          removeEmptyFolders(current.getParent());
        }
        doing = "write";
        if (manifestTemp != null) {
          current = manifestPath;
          Files.move(manifestTemp, manifestPath, StandardCopyOption.ATOMIC_MOVE);
          manifestTemp = null;
        }
      } catch (IOException e) {
        cleanUp();
        throw new IOException("cannot " + doing + " " + current + ": " + IoMessages.reason(e), e);
      }
    }

    private Path writeTemporary(Path target, byte[] bytes) throws IOException {
      ensureFolder(target.getParent());
      Path temp = target.resolveSibling("." + target.getFileName() + tempTag);
      temporaries.add(temp);
      Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      return temp;
    }

    private void ensureFolder(Path folder) throws IOException {
      if (folder == null || knownFolders.contains(folder)) {
        return;
      }
      if (!Files.isDirectory(folder)) {
        ensureFolder(folder.getParent());
        Files.createDirectory(folder);
        createdFolders.push(folder);
      }
      knownFolders.add(folder);
    }

    private void removeEmptyFolders(Path folder) throws IOException {
      while (folder != null && !folder.equals(root) && isEmptyFolder(folder)) {
        Files.delete(folder);
        folder = folder.getParent();
      }
    }

    /** The one cleanup: temporary files not yet moved, then folders this write created, if empty. */
    private void cleanUp() {
      for (Path temp : temporaries) {
        try {
          // Moved ones are gone already; deleting by name is safe because names carry this process's id.
          Files.deleteIfExists(temp);
        } catch (IOException ignored) {
          // The write already failed; a leftover temporary file is named after its target.
        }
      }
      for (Path folder : createdFolders) {
        try {
          if (isEmptyFolder(folder)) {
            Files.delete(folder);
          }
        } catch (IOException ignored) {
          // Same: best effort after a failure that is being reported.
        }
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
