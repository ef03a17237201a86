package ai.modelplane.generator.diff;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Writes out the files of a git commit that a diff reads, by running the {@code git} program (it
 * must be on PATH), so that they are searched and loaded by the same code, with the same rules, as
 * the working tree.
 *
 * <p>Three git processes whatever the number of files, none through a shell and every argument
 * passed as a list: {@code git rev-parse --verify REF^{commit}} resolves the ref once to a commit
 * (a ref that starts with {@code -} is refused before git runs, so git never reads it as an
 * option), {@code git ls-tree -r -l} lists the files under the paths with their sizes, and one
 * {@code git cat-file --batch} reads the blobs. A blob larger than the loader's input limit is
 * never read: its place is held by a sparse file of the limit plus one byte, which the loader then
 * refuses with the same error (MP002) as an oversized file in the working tree.
 */
public final class GitRevisions {
  /**
   * The files of one commit, written out.
   *
   * @param commit the full object name {@code ref} resolved to
   * @param tree the folder that stands for the working directory: a path relative to the working
   *     directory names the same file relative to this folder
   * @param presentRoots the paths asked for that exist in the commit, in the order asked
   */
  public record Snapshot(String commit, Path tree, List<String> presentRoots) {
    public Snapshot {
      presentRoots = List.copyOf(presentRoots);
    }
  }

  /** git failed or is missing; the message is meant for users. */
  public static final class GitException extends Exception {
    public GitException(String message) {
      super(message);
    }
  }

  /** One entry of {@code git ls-tree -r -l}. */
  private record Entry(String mode, String type, String object, long size, String path) {
    boolean isLink() {
      return mode.equals("120000");
    }
  }

  private GitRevisions() {}

  /**
   * Writes the files under {@code paths} (relative to {@code workingDirectory}) at commit {@code
   * ref} into {@code scratch}: every YAML file and symbolic link, every other file named in {@code
   * paths}, and every {@code .modelplane} folder (as an empty folder, so that the search skips a
   * generated tree as it does in the working tree).
   *
   * @param maxBytes the loader's input limit: a larger blob is not read
   */
  public static Snapshot checkout(
      String ref, List<String> paths, Path workingDirectory, Path scratch, int maxBytes)
      throws IOException, GitException {
    String commit = resolveCommit(ref, workingDirectory);
    List<String> listCommand =
        new ArrayList<>(List.of("git", "ls-tree", "-r", "-z", "-l", commit, "--"));
    listCommand.addAll(paths);
    String listing = new String(run(listCommand, workingDirectory), StandardCharsets.UTF_8);
    List<Entry> entries = new ArrayList<>();
    for (String line : listing.split("\0")) {
      if (!line.isEmpty()) {
        entries.add(parse(line));
      }
    }
    Set<String> named = new LinkedHashSet<>();
    for (String path : paths) {
      named.add(normalized(path));
    }
    List<String> present = new ArrayList<>();
    for (String path : paths) {
      String root = normalized(path);
      if (entries.stream().anyMatch(e -> isUnder(e.path(), root))) {
        present.add(path);
      }
    }
    List<Entry> toRead = new ArrayList<>();
    List<Path> copies = new ArrayList<>();
    for (Entry entry : entries) {
      Path copy = inside(scratch, entry.path());
      markGeneratedTrees(scratch, entry.path());
      if (!entry.type().equals("blob")) {
        continue; // a submodule: never input
      }
      boolean wanted =
          entry.isLink()
              || entry.path().endsWith(".yaml")
              || entry.path().endsWith(".yml")
              || named.contains(entry.path());
      if (!wanted) {
        continue;
      }
      Files.createDirectories(copy.getParent());
      if (entry.size() > maxBytes) {
        if (entry.isLink()) {
          continue; // no link target is that long
        }
        // Never read: the loader refuses a file over its limit from its first maxBytes + 1 bytes.
        try (RandomAccessFile file = new RandomAccessFile(copy.toFile(), "rw")) {
          file.setLength(maxBytes + 1L);
        }
        continue;
      }
      toRead.add(entry);
      copies.add(copy);
    }
    readBlobs(toRead, copies, workingDirectory, maxBytes);
    return new Snapshot(commit, scratch, present);
  }

  /** The commit {@code ref} names, resolved once; anything else (a tree, a blob) is refused. */
  private static String resolveCommit(String ref, Path workingDirectory) throws GitException {
    if (ref.isEmpty() || ref.startsWith("-")) {
      throw new GitException(
          "--base "
              + ref
              + ": not a git ref (a ref cannot be empty or start with '-'); name a branch, tag or commit");
    }
    // Not starting with '-', REF^{commit} cannot be read as an option (--end-of-options would say
    // the same, but git's rev-parse takes it only since 2.30).
    try {
      String commit =
          new String(
                  run(List.of("git", "rev-parse", "--verify", ref + "^{commit}"), workingDirectory),
                  StandardCharsets.UTF_8)
              .strip();
      if (!commit.matches("[0-9a-f]{40}|[0-9a-f]{64}")) {
        throw new GitException("git rev-parse gave no commit for " + ref + ": " + commit);
      }
      return commit;
    } catch (GitException e) {
      throw new GitException(
          "--base "
              + ref
              + " is not a commit in this repository ("
              + e.getMessage()
              + "); name a branch, tag or commit, fetched (fetch-depth: 0 on GitHub), not a path inside one");
    }
  }

  /** {@code <mode> SP <type> SP <object> SP+ <size> TAB <path>}. */
  private static Entry parse(String line) throws GitException {
    int tab = line.indexOf('\t');
    String[] fields = tab < 0 ? new String[0] : line.substring(0, tab).trim().split(" +");
    if (fields.length != 4) {
      throw new GitException("git ls-tree printed a line this version does not read: " + line);
    }
    long size = fields[3].equals("-") ? -1 : Long.parseLong(fields[3]);
    return new Entry(fields[0], fields[1], fields[2], size, line.substring(tab + 1));
  }

  private static String normalized(String path) {
    String normal = Path.of(path).normalize().toString().replace('\\', '/');
    return normal.equals(".") ? "" : normal;
  }

  private static boolean isUnder(String path, String root) {
    return root.isEmpty() || path.equals(root) || path.startsWith(root + "/");
  }

  private static Path inside(Path scratch, String path) throws GitException {
    Path copy = scratch.resolve(path).normalize();
    if (!copy.startsWith(scratch) || copy.equals(scratch)) {
      throw new GitException(
          "git listed a path outside the working directory: "
              + path
              + "; --base compares paths inside it (use -C to start higher up)");
    }
    return copy;
  }

  /** Creates each {@code .modelplane} folder on {@code path}, the mark of a generated tree. */
  private static void markGeneratedTrees(Path scratch, String path) throws IOException {
    String[] parts = path.split("/");
    Path folder = scratch;
    for (int i = 0; i < parts.length - 1; i++) {
      folder = folder.resolve(parts[i]);
      if (parts[i].equals(".modelplane")) {
        Files.createDirectories(folder);
      }
    }
  }

  /** Reads every blob through one {@code git cat-file --batch}, each into its copy. */
  private static void readBlobs(
      List<Entry> entries, List<Path> copies, Path workingDirectory, int maxBytes)
      throws IOException, GitException {
    if (entries.isEmpty()) {
      return;
    }
    List<String> command = List.of("git", "cat-file", "--batch");
    Process process = start(command, workingDirectory);
    try {
      readBlobs(process, command, entries, copies, maxBytes);
    } finally {
      process.destroy();
    }
  }

  private static void readBlobs(
      Process process, List<String> command, List<Entry> entries, List<Path> copies, int maxBytes)
      throws IOException, GitException {
    CompletableFuture<byte[]> errors =
        CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    // Written from another thread: git answers while it reads, and both pipes are bounded.
    CompletableFuture<Void> requests =
        CompletableFuture.runAsync(
            () -> {
              try (OutputStream in = process.getOutputStream()) {
                for (Entry entry : entries) {
                  in.write((entry.object() + "\n").getBytes(StandardCharsets.US_ASCII));
                }
              } catch (IOException e) {
                // git stopped reading; its exit code and stderr say why.
              }
            });
    try (InputStream out = new BufferedInputStream(process.getInputStream())) {
      for (int i = 0; i < entries.size(); i++) {
        Entry entry = entries.get(i);
        String header = readLine(out);
        String[] fields = header == null ? new String[0] : header.split(" ");
        if (fields.length != 3 || !fields[0].equals(entry.object()) || !fields[1].equals("blob")) {
          throw new GitException(
              "git cat-file could not read "
                  + entry.path()
                  + ": "
                  + (header == null ? firstLine(errors.join(), "no answer") : header));
        }
        long size = Long.parseLong(fields[2]);
        if (size > maxBytes) {
          throw new GitException(
              entry.path() + " is " + size + " bytes at the base, over the input limit; not read");
        }
        byte[] content = out.readNBytes((int) size);
        if (content.length != size || out.read() != '\n') {
          throw new GitException("git cat-file stopped while reading " + entry.path());
        }
        Path copy = copies.get(i);
        if (entry.isLink()) {
          link(copy, new String(content, StandardCharsets.UTF_8));
        } else {
          Files.write(copy, content);
        }
      }
    }
    requests.join();
    waitFor(process, command, errors);
  }

  /** A symbolic link as git stores it; where links cannot be made, the file is left out. */
  private static void link(Path copy, String target) throws IOException {
    try {
      Files.createSymbolicLink(copy, Path.of(target));
    } catch (UnsupportedOperationException | java.nio.file.InvalidPathException e) {
      // Not representable here: left out, as a checkout without symlink support would.
    }
  }

  private static String readLine(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != '\n') {
      if (b < 0) {
        return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
      }
      line.write(b);
    }
    return line.toString(StandardCharsets.UTF_8);
  }

  private static Process start(List<String> command, Path workingDirectory) throws GitException {
    try {
      return new ProcessBuilder(command)
          .directory(workingDirectory.toAbsolutePath().toFile())
          .start();
    } catch (IOException e) {
      throw new GitException("cannot run git (it must be on PATH for --base): " + e.getMessage());
    }
  }

  private static byte[] run(List<String> command, Path workingDirectory) throws GitException {
    Process process = start(command, workingDirectory);
    try {
      process.getOutputStream().close();
    } catch (IOException ignored) {
      // git reads no input here.
    }
    CompletableFuture<byte[]> errors =
        CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    byte[] output = readAll(process.getInputStream());
    waitFor(process, command, errors);
    return output;
  }

  private static void waitFor(
      Process process, List<String> command, CompletableFuture<byte[]> errors) throws GitException {
    try {
      int exit = process.waitFor();
      if (exit != 0) {
        throw new GitException(
            String.join(" ", command.subList(0, 2))
                + " failed: "
                + firstLine(errors.join(), "exit code " + exit));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroy();
      throw new GitException("interrupted while running git");
    }
  }

  private static String firstLine(byte[] stderr, String otherwise) {
    String message = new String(stderr, StandardCharsets.UTF_8).strip();
    return message.isEmpty() ? otherwise : message.lines().findFirst().orElse(message);
  }

  private static byte[] readAll(InputStream in) {
    try (in;
        ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      in.transferTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      return new byte[0];
    }
  }
}
