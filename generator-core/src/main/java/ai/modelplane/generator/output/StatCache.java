package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * What the generator last saw of the files it left unchanged, so that a run over an untouched tree
 * can trust a file's {@code stat} instead of reading it: {@code .modelplane/stat-cache}, kept like
 * git's index. It belongs to one checkout (stats mean nothing elsewhere), so {@code
 * .modelplane/.gitignore} keeps it out of version control, and it is only ever a shortcut: a file
 * is trusted only when its size, mtime, ctime, device and inode are exactly those recorded and the
 * content recorded for them (CRC-32 and CRC-32C, 64 bits) is that of the bytes now wanted; anything
 * else, including a missing or damaged cache, means reading the file as before.
 *
 * <p>Recording costs a stat per file and a write, which pays only from the next run on. A
 * checkout's first run therefore leaves an empty cache (CI, which runs once per fresh clone, pays
 * nothing more); a run that finds a cache records what it read; the runs after it trust that.
 *
 * <p>The racy case (a file changed so soon after it was recorded that its timestamps did not move):
 * a stat is recorded before the file is read, and an entry is trusted only when the file last
 * changed well before the recording run began. The cache file's own mtime, taken from the same
 * file-system clock as the files', minus the time the recording run spent since its first stat,
 * minus {@link #SLACK_NANOS} (more than any file system's timestamp granularity), is that
 * beginning; a later change to a file then necessarily gives it a newer ctime than recorded.
 *
 * <p>Format (UTF-8 lines): {@code modelplane-stat-cache 1 <nanoseconds from the first stat to the
 * write>}, then one line per file: {@code <size> <mtime ns> <ctime ns> <device> <inode> <crc32>
 * <crc32c> <path>}, the two checksums as 8 lower-case hex digits.
 */
final class StatCache implements KnownStats {
  static final String PATH = Manifest.FOLDER + "/stat-cache";
  static final String GITIGNORE = Manifest.FOLDER + "/.gitignore";
  static final String GITIGNORE_TEXT =
      "# modelplane's own bookkeeping for this checkout; only the manifest belongs in version control\n"
          + "*\n!.gitignore\n!manifest\n";

  /** More than the coarsest file-system timestamps (FAT: 2 s) plus the kernel's clock tick. */
  static final long SLACK_NANOS = TimeUnit.SECONDS.toNanos(3);

  private static final String HEADER = "modelplane-stat-cache 1 ";

  /**
   * What one file held when its stat was taken: the stat, and the CRC-32 and CRC-32C of its bytes.
   */
  record Entry(FileStat stat, int crc32, int crc32c) {}

  /** Sorted, as the files of a run are. */
  private final List<String> paths;

  private final List<Entry> entries;

  /** Entries whose file changed at or after this time (ns since the epoch) are not trusted. */
  private final long trustedBefore;

  private StatCache(List<String> paths, List<Entry> entries, long trustedBefore) {
    this.paths = paths;
    this.entries = entries;
    this.trustedBefore = trustedBefore;
  }

  static StatCache empty() {
    return new StatCache(List.of(), List.of(), Long.MIN_VALUE);
  }

  int size() {
    return paths.size();
  }

  /**
   * The entry of each of {@code sortedPaths} (null where there is none), by one merge of two sorted
   * lists.
   */
  @Override
  public Entry[] entriesFor(List<String> sortedPaths) {
    Entry[] found = new Entry[sortedPaths.size()];
    int mine = 0;
    for (int i = 0; i < found.length && mine < paths.size(); i++) {
      String path = sortedPaths.get(i);
      int order;
      while (mine < paths.size() && (order = paths.get(mine).compareTo(path)) <= 0) {
        if (order == 0) {
          found[i] = entries.get(mine);
        }
        mine++;
      }
    }
    return found;
  }

  /**
   * True when a file with this stat now, recorded as {@code entry}, still holds bytes with these
   * checksums.
   */
  @Override
  public boolean confirms(Entry entry, FileStat now, int size, int crc32, int crc32c) {
    return entry != null
        && now != null
        && entry.stat().equals(now)
        && now.size() == size
        && now.lastChange() < trustedBefore
        && entry.crc32() == crc32
        && entry.crc32c() == crc32c;
  }

  static int crc32c(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return (int) crc.getValue();
  }

  /**
   * The cache below {@code root}: none when there is no cache file, an empty cache when it cannot
   * be used (it is then replaced).
   */
  static Optional<StatCache> read(Path root) {
    Path file = root.resolve(PATH);
    try {
      long written =
          Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).to(TimeUnit.NANOSECONDS);
      return Optional.of(
          parse(
              new String(
                  FileReads.readNoFollow(file, Caps.JOURNAL).orElse(new byte[0]),
                  StandardCharsets.UTF_8),
              written));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      // Only a shortcut: whatever is wrong with it, the files themselves are read instead.
      return Optional.of(empty());
    }
  }

  /**
   * @throws RuntimeException when the text is not a cache this class wrote
   */
  static StatCache parse(String text, long writtenAt) {
    int newline = text.indexOf('\n');
    if (!text.startsWith(HEADER) || newline < 0) {
      return empty();
    }
    long elapsed = Long.parseLong(text, HEADER.length(), newline, 10);
    if (elapsed < 0) {
      return empty();
    }
    List<String> paths = new ArrayList<>();
    List<Entry> entries = new ArrayList<>();
    int start = newline + 1;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      int[] spaces = new int[7];
      int at = start - 1;
      for (int i = 0; i < spaces.length; i++) {
        at = text.indexOf(' ', at + 1);
        if (at < 0 || at > end) {
          return empty();
        }
        spaces[i] = at;
      }
      String path = text.substring(spaces[6] + 1, end);
      if (!RelativePaths.isSafe(path)
          || RelativePaths.isReserved(path)
          || (!paths.isEmpty() && paths.get(paths.size() - 1).compareTo(path) >= 0)) {
        return empty();
      }
      FileStat stat =
          new FileStat(
              Long.parseLong(text, start, spaces[0], 10),
              Long.parseLong(text, spaces[0] + 1, spaces[1], 10),
              Long.parseLong(text, spaces[1] + 1, spaces[2], 10),
              Long.parseLong(text, spaces[2] + 1, spaces[3], 10),
              Long.parseLong(text, spaces[3] + 1, spaces[4], 10));
      paths.add(path);
      entries.add(
          new Entry(
              stat, hex(text, spaces[4] + 1, spaces[5]), hex(text, spaces[5] + 1, spaces[6])));
      start = end + 1;
    }
    return new StatCache(paths, entries, writtenAt - elapsed - SLACK_NANOS);
  }

  private static int hex(String text, int start, int end) {
    if (end - start != 8) {
      throw new NumberFormatException(text.substring(start, end));
    }
    return Integer.parseUnsignedInt(text, start, end, 16);
  }

  /**
   * Replaces the cache below {@code root} (whose {@code .modelplane} folder exists, with the {@code
   * .gitignore} that keeps it out of version control) with {@code entries}.
   *
   * @param firstStatNanoTime {@link System#nanoTime()} before the first of the entries' stats was
   *     taken
   */
  static void write(
      Path root, SortedMap<String, Entry> entries, long firstStatNanoTime, String tempTag)
      throws IOException {
    HexFormat hex = HexFormat.of();
    StringBuilder text = new StringBuilder(entries.size() * 110);
    for (Map.Entry<String, Entry> entry : entries.entrySet()) {
      FileStat stat = entry.getValue().stat();
      text.append(stat.size())
          .append(' ')
          .append(stat.modified())
          .append(' ')
          .append(stat.changed())
          .append(' ')
          .append(stat.device())
          .append(' ')
          .append(stat.inode())
          .append(' ')
          .append(hex.toHexDigits(entry.getValue().crc32()))
          .append(' ')
          .append(hex.toHexDigits(entry.getValue().crc32c()))
          .append(' ')
          .append(entry.getKey())
          .append('\n');
    }
    // Measured just before the write that sets the cache file's mtime; SLACK_NANOS covers the write
    // itself.
    text.insert(0, HEADER + (System.nanoTime() - firstStatNanoTime) + "\n");
    Path file = root.resolve(PATH);
    Path temp = file.resolveSibling("." + file.getFileName() + tempTag);
    try {
      Files.write(
          temp,
          text.toString().getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
