package ai.modelplane.generator.output;

import java.util.List;
import java.util.Optional;

/**
 * What a {@link TreeScanner} found below the output directory for the files of one run, before
 * anything is decided ({@link ChangeSet}) or changed ({@link Transaction}).
 *
 * @param manifestBytes the manifest on disk; empty when there is none
 * @param previous what it lists (empty without one)
 * @param found per wanted file, in the same order, what is at its place
 * @param owned the files the manifest lists that this run does not produce and that are still
 *     there, sorted
 * @param missingFolders the folders the new files need that do not exist yet, sorted (parents
 *     first)
 * @param folderConflicts symbolic links on the way to files in {@code owned}
 * @param firstStatNanoTime {@link System#nanoTime()} before the first stat; null when this scan
 *     recorded no stats
 */
record TreeScan(
    Optional<byte[]> manifestBytes,
    Manifest previous,
    List<Found> found,
    List<Owned> owned,
    List<String> missingFolders,
    List<OutputConflict> folderConflicts,
    Long firstStatNanoTime) {

  /** What sits at a wanted file's place. */
  enum Kind {
    /** Its bytes are already the wanted ones. */
    SAME,
    /** Nothing. */
    ABSENT,
    /** A regular file with other bytes. */
    DIFFERENT,
    /** A folder at its place, or a file where one of its folders must be. */
    IN_THE_WAY,
    /** A symbolic link at its place or on the way to it. */
    SYMLINK
  }

  /**
   * @param onDisk under {@link Kind#DIFFERENT}: the bytes there; null otherwise
   * @param onDiskFingerprint under {@link Kind#DIFFERENT}: their fingerprint; null otherwise
   * @param blockedAt under {@link Kind#IN_THE_WAY} and {@link Kind#SYMLINK}: the path in the way
   *     (the file's own or a folder's); null otherwise
   * @param stat under {@link Kind#SAME}: the stat taken before the bytes were compared, for the
   *     stat cache; may be null
   * @param crc32c under {@link Kind#SAME} with a stat: the CRC-32C of the bytes
   * @param confirmedByCache the stat cache vouched for the bytes; they were not read
   */
  record Found(
      Kind kind,
      byte[] onDisk,
      String onDiskFingerprint,
      String blockedAt,
      FileStat stat,
      int crc32c,
      boolean confirmedByCache) {
    static final Found ABSENT = new Found(Kind.ABSENT, null, null, null, null, 0, false);

    static Found same(FileStat stat, int crc32c, boolean confirmedByCache) {
      return new Found(Kind.SAME, null, null, null, stat, crc32c, confirmedByCache);
    }

    static Found different(byte[] onDisk) {
      return new Found(Kind.DIFFERENT, onDisk, Manifest.fingerprint(onDisk), null, null, 0, false);
    }

    static Found blocked(Kind kind, String at) {
      return new Found(kind, null, null, at, null, 0, false);
    }
  }

  /**
   * A file the previous manifest lists and this run does not produce.
   *
   * @param recorded its fingerprint in the manifest
   * @param onDiskFingerprint the fingerprint of its bytes now
   */
  record Owned(String path, byte[] onDisk, String recorded, String onDiskFingerprint) {
    /** Its bytes differ from those the generator wrote. */
    boolean edited() {
      return !recorded.equals(onDiskFingerprint);
    }
  }
}
