package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What one {@code stat} says about a regular file, as git's index keeps it: a file whose content
 * changes gets a new size, mtime or change time (ctime), and a file replaced by another one a new
 * inode. Change time and inode come from the {@code unix} attribute view; where there is none
 * (Windows), the mtime stands in for the change time and the inode is 0.
 *
 * @param size bytes
 * @param modified mtime, nanoseconds since the epoch
 * @param changed ctime (when the inode last changed: written, renamed, chmod-ed, touched),
 *     nanoseconds since the epoch; unlike the mtime, no program can set it back
 */
record FileStat(long size, long modified, long changed, long device, long inode) {
  private static final String UNIX_ATTRIBUTES =
      "unix:size,lastModifiedTime,ctime,dev,ino,isRegularFile";

  /**
   * The file's stat, or null when there is no regular file at {@code file}. Whether the {@code
   * unix} view exists is asked of the file's own file system each time: the default one answers
   * from a set it built once (JDK 17: {@code sun.nio.fs.LinuxFileSystem}, its {@code
   * SupportedFileFileAttributeViewsHolder}), and no state is kept here.
   */
  static FileStat of(Path file) throws IOException {
    if (file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
      Map<String, Object> attributes =
          Files.readAttributes(file, UNIX_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
      if (!Boolean.TRUE.equals(attributes.get("isRegularFile"))) {
        return null;
      }
      return new FileStat(
          (Long) attributes.get("size"),
          nanos((FileTime) attributes.get("lastModifiedTime")),
          nanos((FileTime) attributes.get("ctime")),
          (Long) attributes.get("dev"),
          (Long) attributes.get("ino"));
    }
    BasicFileAttributes basic =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!basic.isRegularFile()) {
      return null;
    }
    long modified = nanos(basic.lastModifiedTime());
    return new FileStat(basic.size(), modified, modified, 0, 0);
  }

  private static long nanos(FileTime time) {
    return time.to(TimeUnit.NANOSECONDS);
  }

  /**
   * Spelt out: a record's generated {@code equals} bootstraps through {@code ObjectMethods} on
   * first use, which costs a cold process more than the thousands of comparisons a stat-cache check
   * makes.
   */
  @Override
  public boolean equals(Object other) {
    return other instanceof FileStat that
        && size == that.size
        && modified == that.modified
        && changed == that.changed
        && device == that.device
        && inode == that.inode;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(size) * 31 * 31 * 31 * 31
        + Long.hashCode(modified) * 31 * 31 * 31
        + Long.hashCode(changed) * 31 * 31
        + Long.hashCode(device) * 31
        + Long.hashCode(inode);
  }

  /** The later of mtime and ctime: when the content may last have changed. */
  long lastChange() {
    return Math.max(modified, changed);
  }
}
