package ai.modelplane.generator.output;

import java.util.List;

/**
 * What a scan may trust instead of reading a file: the stats a previous run recorded ({@link
 * StatCache}), or {@link #NONE}, under which every file is read.
 */
interface KnownStats {
  /** Nothing recorded: every file is read. */
  KnownStats NONE =
      new KnownStats() {
        @Override
        public StatCache.Entry[] entriesFor(List<String> sortedPaths) {
          return new StatCache.Entry[sortedPaths.size()];
        }

        @Override
        public boolean confirms(
            StatCache.Entry entry, FileStat now, int size, int crc32, int crc32c) {
          return false;
        }
      };

  /** What was recorded for each of {@code sortedPaths}, null where nothing was. */
  StatCache.Entry[] entriesFor(List<String> sortedPaths);

  /**
   * True when a file with stat {@code now}, recorded as {@code entry}, still holds bytes of this
   * size and these checksums.
   */
  boolean confirms(StatCache.Entry entry, FileStat now, int size, int crc32, int crc32c);
}
