package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The message of a run that finds the lock held names the run holding it, never the run before it,
 * whose line stays in the lock file until the holder, just after taking the lock, writes its own.
 */
class TreeLockTest {
  @TempDir Path dir;

  Path out() {
    return dir.resolve("out");
  }

  /** A lock file holding {@code line}, and its lock taken as a holder takes it, before writing. */
  FileChannel heldWith(String line) throws IOException {
    Files.createDirectories(out().resolve(Manifest.FOLDER));
    Path file = out().resolve(TreeLock.PATH);
    Files.writeString(file, line);
    return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
  }

  /** The pid of a process that has ended. */
  static long pidOfAnEndedProcess() throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertEquals(0, process.waitFor());
    return process.pid();
  }

  @Test
  void aRunThatFindsTheLockHeldBeforeTheHolderWroteItsLineWaitsForThatLine() throws Exception {
    long before = pidOfAnEndedProcess();
    long self = ProcessHandle.current().pid();
    try (FileChannel holder = heldWith("pid " + before + " started 1764600000000\n");
        FileLock lock = holder.tryLock()) {
      CompletableFuture<Void> written =
          CompletableFuture.runAsync(
              () -> {
                try {
                  Thread.sleep(100);
                  holder.truncate(0);
                  holder.write(
                      ByteBuffer.wrap(
                          ("pid " + self + " started " + System.currentTimeMillis() + "\n")
                              .getBytes(StandardCharsets.UTF_8)),
                      0);
                } catch (IOException | InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });

      OutputLockedException e =
          assertThrows(OutputLockedException.class, () -> TreeLock.acquire(out()));

      written.join();
      assertTrue(
          e.getMessage()
              .startsWith(
                  out()
                      + " is being written by another modelplane run (another run in this"
                      + " process, pid "
                      + self
                      + " started "),
          e.getMessage());
    }
  }

  /**
   * Modules of one Maven build run in one process: a bare pid would name the very process that
   * reports it, so the holder's line says which run it is, and the message that it is this process.
   */
  @Test
  void theHoldersDescriptionNamesARunOfThisProcess() throws Exception {
    try (TreeLock holder =
        TreeLock.acquire(out(), "module westeurope of the Maven build in /repo")) {
      OutputLockedException e =
          assertThrows(
              OutputLockedException.class,
              () -> TreeLock.acquire(out(), "module eastus2 of the Maven build in /repo"));

      assertTrue(
          e.getMessage()
              .startsWith(
                  out()
                      + " is being written by another modelplane run (module westeurope of the"
                      + " Maven build in /repo, in this process, pid "
                      + ProcessHandle.current().pid()
                      + " started 20"),
          e.getMessage());
    }
  }

  /** What another process wrote is shown after its description, without "this process". */
  @Test
  void anotherProcesssDescriptionIsShownWithItsPid() throws Exception {
    long parent = ProcessHandle.current().parent().orElseThrow().pid();
    try (FileChannel holder =
            heldWith("pid " + parent + " started " + System.currentTimeMillis() + " by mvn x\n");
        FileLock lock = holder.tryLock()) {
      OutputLockedException e =
          assertThrows(OutputLockedException.class, () -> TreeLock.acquire(out()));

      assertTrue(
          e.getMessage()
              .startsWith(
                  out()
                      + " is being written by another modelplane run (mvn x, pid "
                      + parent
                      + " started 20"),
          e.getMessage());
    }
  }

  @Test
  void aDescriptionKeepsOnlyPrintableAscii() {
    assertEquals("a?b?c", TreeLock.printable(" a\u202eb\nc "));
    assertEquals(TreeLock.DESCRIPTION_LIMIT, TreeLock.printable("x".repeat(500)).length());
  }

  @Test
  void aLineWhosePidNowBelongsToALaterProcessIsNotTheHolders() throws Exception {
    // This process started after 1970: the line is that of an earlier process with the same pid.
    long self = ProcessHandle.current().pid();
    try (FileChannel holder = heldWith("pid " + self + " started 1000\n");
        FileLock lock = holder.tryLock()) {
      OutputLockedException e =
          assertThrows(OutputLockedException.class, () -> TreeLock.acquire(out()));

      assertEquals(
          out()
              + " is being written by another modelplane run (pid and start time unknown in "
              + out().resolve(TreeLock.PATH)
              + "); nothing was written: wait for it to finish and run again",
          e.getMessage());
    }
  }
}
