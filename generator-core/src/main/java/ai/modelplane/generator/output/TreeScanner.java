package ai.modelplane.generator.output;

import ai.modelplane.generator.output.TreeScan.Found;
import ai.modelplane.generator.output.TreeScan.Kind;
import ai.modelplane.generator.output.TreeScan.Owned;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads what is below the output directory at the places of one run's files, and changes nothing:
 * the manifest, each wanted file (on every core for big runs, trusting {@link KnownStats} where it
 * vouches for a file), the owned files the run no longer produces, and the folders on the way to
 * the files a write may change.
 */
final class TreeScanner {
  private final Path root;
  private final KnownStats stats;
  private final boolean recordStats;

  /**
   * @param stats what a previous run recorded; {@link KnownStats#NONE} to read every file
   * @param recordStats take the stat of every file read, for the stat cache a write keeps
   */
  TreeScanner(Path root, KnownStats stats, boolean recordStats) {
    this.root = root;
    this.stats = stats;
    this.recordStats = recordStats;
  }

  /** The output folder did not exist before this run: everything is new, nothing to read. */
  static TreeScan fresh(Path root, List<WantedFile> wanted) throws IOException {
    Found[] found = new Found[wanted.size()];
    Arrays.fill(found, Found.ABSENT);
    return new TreeScanner(root, KnownStats.NONE, false)
        .withFolders(wanted, found, Optional.empty(), Manifest.empty(), List.of(), null);
  }

  /**
   * @param wanted sorted by path
   * @throws IOException when the manifest or a file cannot be read, or the manifest is invalid
   */
  TreeScan scan(List<WantedFile> wanted) throws IOException {
    OnDisk manifestOnDisk = read(Manifest.PATH, Caps.MANIFEST);
    if (manifestOnDisk.blockedAt() != null) {
      throw new IOException(root.resolve(Manifest.PATH) + ": not a file");
    }
    Optional<byte[]> manifestBytes = Optional.ofNullable(manifestOnDisk.bytes());
    Manifest previous =
        manifestBytes.isPresent()
            ? Manifest.parse(manifestBytes.get(), root.resolve(Manifest.PATH).toString())
            : Manifest.empty();
    List<String> paths = wanted.stream().map(WantedFile::path).toList();
    StatCache.Entry[] cached = stats.entriesFor(paths);
    // Stats are recorded only where a cache already is: a first run (CI's only one) skips the cost.
    Long firstStatNanoTime = recordStats ? System.nanoTime() : null;
    Found[] found = new Found[wanted.size()];
    Parallel.forEachIndex(found.length, i -> found[i] = inspect(wanted.get(i), cached[i]));

    Set<String> produced = new HashSet<>(paths);
    List<Owned> owned = new ArrayList<>();
    for (String path : previous.paths()) {
      if (!produced.contains(path)) {
        byte[] bytes = read(path).bytes();
        if (bytes != null) {
          owned.add(
              new Owned(
                  path, bytes, previous.recorded(path).orElseThrow(), Manifest.fingerprint(bytes)));
        }
      }
    }
    owned.sort(Comparator.comparing(Owned::path));
    return withFolders(wanted, found, manifestBytes, previous, owned, firstStatNanoTime);
  }

  private Found inspect(WantedFile file, StatCache.Entry entry) throws IOException {
    int size = file.bytes().length;
    boolean cached = entry != null;
    // Stat before reading: a change after the stat then shows as a new stat in the next run.
    FileStat stat = cached || recordStats ? statOrNull(file.path()) : null;
    int crc32c = 0;
    if (cached) {
      crc32c = StatCache.crc32c(file.bytes());
      if (stats.confirms(entry, stat, size, file.crc32(), crc32c)) {
        return Found.same(stat, crc32c, true);
      }
    }
    OnDisk onDisk = read(file.path());
    if (onDisk.blockedAt() != null) {
      return Found.blocked(onDisk.symlink() ? Kind.SYMLINK : Kind.IN_THE_WAY, onDisk.blockedAt());
    } else if (onDisk.isAbsent()) {
      return Found.ABSENT;
    } else if (Arrays.equals(onDisk.bytes(), file.bytes())) {
      FileStat kept = stat != null && stat.size() == size ? stat : null;
      if (kept != null && !cached) {
        crc32c = StatCache.crc32c(file.bytes());
      }
      return Found.same(kept, crc32c, false);
    }
    return Found.different(onDisk.bytes());
  }

  /**
   * The folders of every file a write may change (new ones, and other bytes at a place the manifest
   * lists) and of every owned file: a symbolic link among them is a conflict (files are only
   * changed through real folders), missing ones are made by the write. Only those files cost a
   * look, so a run over an unchanged tree makes none.
   */
  private TreeScan withFolders(
      List<WantedFile> wanted,
      Found[] found,
      Optional<byte[]> manifestBytes,
      Manifest previous,
      List<Owned> owned,
      Long firstStatNanoTime)
      throws IOException {
    RealFolders folders = new RealFolders(root);
    Set<String> missing = new HashSet<>();
    for (int i = 0; i < found.length; i++) {
      String path = wanted.get(i).path();
      Kind kind = found[i].kind();
      boolean mayBeWritten =
          kind == Kind.ABSENT || (kind == Kind.DIFFERENT && previous.recorded(path).isPresent());
      if (!mayBeWritten) {
        continue;
      }
      RealFolders.Verdict verdict = folders.foldersOf(path);
      if (verdict.kind() == RealFolders.Kind.SYMLINK) {
        found[i] = Found.blocked(Kind.SYMLINK, verdict.at());
      } else if (verdict.kind() == RealFolders.Kind.NOT_A_FOLDER) {
        found[i] = Found.blocked(Kind.IN_THE_WAY, verdict.at());
      } else if (verdict.kind() == RealFolders.Kind.MISSING) {
        for (String folder = RelativePaths.parentOf(path);
            folder != null
                && folders.folder(folder).kind() == RealFolders.Kind.MISSING
                && missing.add(folder);
            folder = RelativePaths.parentOf(folder)) {
          // every missing folder on the way, deepest first, until one already known
        }
      }
    }
    List<OutputConflict> folderConflicts = new ArrayList<>();
    for (Owned file : owned) {
      RealFolders.Verdict verdict = folders.foldersOf(file.path());
      if (verdict.kind() == RealFolders.Kind.SYMLINK) {
        folderConflicts.add(new OutputConflict(verdict.at(), OutputConflict.Kind.SYMLINK));
      }
    }
    return new TreeScan(
        manifestBytes,
        previous,
        List.of(found),
        List.copyOf(owned),
        List.copyOf(new TreeSet<>(missing)),
        List.copyOf(folderConflicts),
        firstStatNanoTime);
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
    return read(path, Integer.MAX_VALUE - 8);
  }

  private OnDisk read(String path, long cap) throws IOException {
    Path file = root.resolve(path);
    try (SeekableByteChannel channel = Files.newByteChannel(file, FileReads.READ_NO_FOLLOW)) {
      return new OnDisk(FileReads.readFully(channel, cap, file), null, false);
    } catch (FileReads.TooLargeException e) {
      throw e;
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
      for (String folder : RelativePaths.foldersOf(path)) {
        Path candidate = root.resolve(folder);
        if (Files.exists(candidate) && !Files.isDirectory(candidate)) {
          return new OnDisk(null, folder, false);
        }
      }
      throw new IOException("cannot read " + file + ": " + IoMessages.reason(e), e);
    }
  }
}
