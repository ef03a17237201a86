package ai.modelplane.generator.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one writer of an output tree: an OS lock on {@code .modelplane/lock}, so that a second run
 * fails at once instead of interleaving its changes with the first's. The kernel drops the lock
 * when its process dies, however it dies, so a dead holder never blocks the next run; the pid and
 * start time written inside only serve the message. The file itself stays (deleting a lock file
 * races with a run that has just opened it), except after a first run that left no manifest: then
 * the folders it created for the lock go again.
 */
final class TreeLock implements AutoCloseable {
  static final String PATH = Manifest.FOLDER + "/lock";

  /**
   * How often a run that finds the lock held reads the holder's line, 5 ms apart: a holder on a
   * busy machine may take a while between taking the lock and writing it.
   */
  private static final int HOLDER_READS = 200;

  private final Path root;
  private final FileChannel channel;
  private final FileLock lock;

  /**
   * Folders this lock created (the output folder and its missing parents, {@code .modelplane}), top
   * first.
   */
  private final List<Path> createdFolders;

  private final boolean wroteGitignore;

  private TreeLock(
      Path root,
      FileChannel channel,
      FileLock lock,
      List<Path> createdFolders,
      boolean wroteGitignore) {
    this.root = root;
    this.channel = channel;
    this.lock = lock;
    this.createdFolders = createdFolders;
    this.wroteGitignore = wroteGitignore;
  }

  /** Largest run description the holder's line carries, in characters. */
  static final int DESCRIPTION_LIMIT = 200;

  /**
   * The line {@link #acquire} writes: the pid, when it took the lock (epoch milliseconds), and what
   * the run is, when its adapter says ({@code by module x of the Maven build in /repo}).
   */
  private static final Pattern LINE =
      Pattern.compile(
          "pid (\\d{1,18}) started (\\d{1,18})(?: by ([\\x20-\\x7e]{1,"
              + DESCRIPTION_LIMIT
              + "}))?\n");

  /**
   * Takes the lock of the tree at {@code root}, creating the folders it needs.
   *
   * @throws OutputLockedException when another run holds it
   */
  static TreeLock acquire(Path root) throws IOException {
    return acquire(root, "");
  }

  /**
   * Takes the lock of the tree at {@code root}, creating the folders it needs.
   *
   * @param description what this run is, for the message of a run that finds the lock held (a Maven
   *     module, say, as several runs of one Maven build share its pid); empty when the pid says
   *     enough. Only printable ASCII is kept, at most {@value #DESCRIPTION_LIMIT} characters.
   * @throws OutputLockedException when another run holds it
   */
  static TreeLock acquire(Path root, String description) throws IOException {
    if (Files.exists(root) && !Files.isDirectory(root)) {
      throw new IOException(root + ": not a folder");
    }
    Path bookkeeping = root.resolve(Manifest.FOLDER);
    if (Files.isSymbolicLink(bookkeeping)) {
      throw new IOException(
          bookkeeping
              + ": is a symbolic link; modelplane keeps its bookkeeping only in a real folder");
    }
    List<Path> created = new ArrayList<>();
    createFolders(bookkeeping, created);
    Path file = root.resolve(PATH);
    FileChannel channel =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS);
    try {
      requireOwnFile(file);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // another tree of this process holds it
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    if (lock == null) {
      String holder = holder(channel);
      channel.close();
      throw new OutputLockedException(root, holder);
    }
    try {
      // The run takes the lock as it starts. Milliseconds, not a formatted time: formatting loads
      // java.time's formatters, which only the run that reports a held lock needs.
      String shown = printable(description);
      byte[] text =
          ("pid "
                  + ProcessHandle.current().pid()
                  + " started "
                  + System.currentTimeMillis()
                  + (shown.isEmpty() ? "" : " by " + shown)
                  + "\n")
              .getBytes(StandardCharsets.UTF_8);
      channel.truncate(0);
      channel.write(ByteBuffer.wrap(text), 0);
      boolean wroteGitignore = writeGitignore(root);
      return new TreeLock(root, channel, lock, created, wroteGitignore);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /**
   * The lock file is written into (truncated, then the holder's line): it must be a regular file
   * with no other name, or the write would land in a file the link shares, anywhere on the file
   * system. Opened without following a link, then checked before the first byte is written.
   */
  private static void requireOwnFile(Path file) throws IOException {
    BasicFileAttributes attributes =
        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (!attributes.isRegularFile()) {
      throw new IOException(file + ": not a regular file; modelplane keeps its lock only in one");
    }
    if (FileReads.linkCount(file) > 1) {
      throw new IOException(
          file
              + ": is a hard link (another name of the same file exists); modelplane writes its"
              + " lock only into a file of its own, delete it and run again");
    }
  }

  /** Creates {@code folder} and its missing parents, recording the ones it created, top first. */
  private static void createFolders(Path folder, List<Path> created) throws IOException {
    List<Path> missing = new ArrayList<>();
    for (Path at = folder.toAbsolutePath();
        at != null && !Files.isDirectory(at);
        at = at.getParent()) {
      missing.add(0, at);
    }
    for (Path at : missing) {
      try {
        Files.createDirectory(at);
        created.add(at);
      } catch (FileAlreadyExistsException e) {
        if (!Files.isDirectory(at, LinkOption.NOFOLLOW_LINKS)) {
          throw e;
        }
        // A concurrent run made it; the lock decides which of the two goes on.
      }
    }
  }

  /**
   * {@code .modelplane/.gitignore}, in every tree: the lock, the journal, the stat cache and
   * temporary files belong to one checkout and must not be committed.
   */
  private static boolean writeGitignore(Path root) throws IOException {
    Path gitignore = root.resolve(StatCache.GITIGNORE);
    if (Files.exists(gitignore, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try {
      Files.write(
          gitignore,
          StatCache.GITIGNORE_TEXT.getBytes(StandardCharsets.UTF_8),
          StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      return true;
    } catch (FileAlreadyExistsException e) {
      return false;
    }
  }

  /**
   * What the holder wrote into the lock file. Until it has written its line (it does right after
   * taking the lock), the file still holds the line of an earlier run, which has released the lock
   * or was killed; a line naming a process that is gone, or one that started after the time in the
   * line (its pid reused), is that earlier run's, so the file is read again.
   */
  private static String holder(FileChannel channel) {
    for (int attempt = 0; attempt < HOLDER_READS; attempt++) {
      try {
        ByteBuffer buffer = ByteBuffer.allocate(100 + DESCRIPTION_LIMIT);
        channel.read(buffer, 0);
        String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
        Matcher line = LINE.matcher(text);
        if (line.matches()) {
          long pid = Long.parseLong(line.group(1));
          long lockedAt = Long.parseLong(line.group(2));
          if (mayHold(pid, lockedAt)) {
            return described(pid, lockedAt, line.group(3));
          }
        } else if (text.endsWith("\n")) {
          return readable(text.strip()); // a whole line of another format (an older version's)
        }
        Thread.sleep(5);
      } catch (IOException e) {
        break; // Windows locks are mandatory: the holder's text cannot be read there
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    return "pid and start time unknown";
  }

  /**
   * True when process {@code pid} is alive and started no later than {@code lockedAt} (epoch
   * milliseconds), as the run that wrote that time did.
   */
  private static boolean mayHold(long pid, long lockedAt) {
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    return process.isPresent()
        && process.get().info().startInstant().map(s -> s.toEpochMilli() <= lockedAt).orElse(true);
  }

  /** True when this lock created the output folder itself: there is nothing in it to read. */
  boolean createdRoot() {
    return createdFolders.contains(root.toAbsolutePath());
  }

  /**
   * The holder as a person reads it: what the run is, when it said, then its pid and start time.
   * When the pid is this process's (another Maven module of this build, say), the message says so:
   * a bare pid would name the very process that reports it.
   */
  private static String described(long pid, long lockedAt, String description) {
    String started = "pid " + pid + " started " + Instant.ofEpochMilli(lockedAt);
    boolean self = pid == ProcessHandle.current().pid();
    if (description == null) {
      return self ? "another run in this process, " + started : started;
    }
    return description + (self ? ", in this process, " : ", ") + started;
  }

  /** {@code text} with anything but printable ASCII replaced, cut to the description limit. */
  static String printable(String text) {
    StringBuilder shown = new StringBuilder();
    text.strip()
        .codePoints()
        .limit(DESCRIPTION_LIMIT)
        .forEach(c -> shown.append(c >= 0x20 && c < 0x7f ? (char) c : '?'));
    return shown.toString();
  }

  /**
   * A line of another format (an older version's), as is when it is short printable ASCII, with a
   * trailing {@code started 1764600000000} as an instant ({@code 2026-12-01T14:40:00Z}).
   */
  private static String readable(String raw) {
    // Only what this class writes is shown as is; anything else in the file could forge terminal
    // output.
    String text = raw.length() > 100 ? raw.substring(0, 100) : raw;
    text = text.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? text : "unreadable holder text";
    int started = text.lastIndexOf(" started ");
    if (started >= 0) {
      try {
        long millis = Long.parseLong(text.substring(started + " started ".length()));
        return text.substring(0, started) + " started " + Instant.ofEpochMilli(millis);
      } catch (NumberFormatException e) {
        // someone else's text: shown as it is
      }
    }
    return text;
  }

  /**
   * Releases the lock. When this run created the output folder or {@code .modelplane} and no
   * manifest exists (it failed before writing one), removes what it created.
   */
  @Override
  public void close() throws IOException {
    boolean leaveNothing =
        !createdFolders.isEmpty()
            && !Files.exists(root.resolve(Manifest.PATH), LinkOption.NOFOLLOW_LINKS);
    try {
      if (leaveNothing) {
        Files.deleteIfExists(root.resolve(PATH));
        if (wroteGitignore) {
          Files.deleteIfExists(root.resolve(StatCache.GITIGNORE));
        }
      }
    } finally {
      lock.release();
      channel.close();
    }
    if (leaveNothing) {
      for (int i = createdFolders.size() - 1; i >= 0; i--) {
        try {
          Files.delete(createdFolders.get(i));
        } catch (DirectoryNotEmptyException | NoSuchFileException e) {
          break; // someone else's files (or a concurrent run's lock) are in it
        }
      }
    }
  }
}
