package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write is one transaction: a failure undoes it, a kill at any point is finished or undone by the
 * next run, whatever its input, and a second run cannot start while one holds the lock.
 */
class TransactionTest {
  static final GeneratedFile MAIN = OutputTreeTest.MAIN;
  static final GeneratedFile MAIN_CHANGED = OutputTreeTest.MAIN_CHANGED;
  static final GeneratedFile SHARED = OutputTreeTest.SHARED;
  static final GeneratedFile GPU = OutputTreeTest.GPU;
  static final List<GeneratedFile> OLD =
      List.of(
          SHARED,
          MAIN,
          GPU,
          new GeneratedFile("ns/c/terraform/main.tf", "c = 1\n"),
          new GeneratedFile("ns/d/terraform/main.tf", "d = 1\n"));

  /**
   * Against {@link #OLD}: one replacement, one creation in new folders, three removals (two leave
   * folders empty).
   */
  static final List<GeneratedFile> NEW =
      List.of(SHARED, MAIN_CHANGED, new GeneratedFile("ns/b/terraform/pools/new.tf", "b = 1\n"));

  @TempDir Path dir;

  Path out() {
    return dir.resolve("out");
  }

  /** Stands for {@code kill -9}: nothing after it runs, no undoing, no cleanup. */
  static final class Killed extends RuntimeException {}

  /** Renames the {@code n}th of which (counting from 0) fails. */
  static Transaction.Moves failingAt(int n, AtomicInteger calls) {
    return (from, to) -> {
      if (calls.getAndIncrement() == n) {
        throw new java.nio.file.AccessDeniedException(from.toString());
      }
      Transaction.Moves.ATOMIC.move(from, to);
    };
  }

  /**
   * Renames that kill the run at point {@code point}: just before move {@code point / 2} when even,
   * just after it when odd.
   */
  static Transaction.Moves killingAt(int point) {
    AtomicInteger calls = new AtomicInteger();
    return (from, to) -> {
      int call = calls.getAndIncrement();
      if (point == 2 * call) {
        throw new Killed();
      }
      Transaction.Moves.ATOMIC.move(from, to);
      if (point == 2 * call + 1) {
        throw new Killed();
      }
    };
  }

  /**
   * Every file's content and every folder below {@code root}, without the lock; what a clean run
   * leaves.
   */
  static SortedMap<String, String> contents(Path root) throws IOException {
    SortedMap<String, String> entries = new TreeMap<>(TreeSnapshot.of(root));
    entries.replaceAll((path, value) -> value.replaceAll(" @ [^ ]+$", ""));
    return entries;
  }

  SortedMap<String, String> clean(List<GeneratedFile> files, String name) throws IOException {
    Path tree = dir.resolve(name);
    new OutputTree(tree).write(files, false);
    return contents(tree);
  }

  static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path path : walk.toList()) {
        Path target = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target);
        }
      }
    }
  }

  @Test
  void aFailedRemovalUndoesEveryChangeBeforeIt() throws IOException {
    new OutputTree(out()).write(OLD, false);
    TreeSnapshot.age(out());
    SortedMap<String, String> before = TreeSnapshot.of(out());
    // Moves: the journal, then the replacement of main.tf, then the removals; the third move of a
    // removal fails.
    AtomicInteger calls = new AtomicInteger();

    IOException e =
        assertThrows(
            IOException.class,
            () ->
                new OutputTree(out(), OutputTree.STAT_CACHE_THRESHOLD, failingAt(5, calls))
                    .write(NEW, false));

    assertTrue(e.getMessage().startsWith("cannot remove " + out() + "/ns/"), e.getMessage());
    assertTrue(e.getMessage().endsWith(": permission denied; nothing was changed"), e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aFailedCommitUndoesEveryChange() throws IOException {
    new OutputTree(out()).write(OLD, false);
    TreeSnapshot.age(out());
    SortedMap<String, String> before = TreeSnapshot.of(out());
    // Moves: the journal, five files, the manifest, then the journal's rename that commits.
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                new OutputTree(
                        out(), OutputTree.STAT_CACHE_THRESHOLD, failingAt(7, new AtomicInteger()))
                    .write(NEW, false));

    assertEquals(
        "cannot write "
            + out()
            + "/.modelplane/transaction: permission denied; nothing was changed",
        e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aKillAtAnyPointIsUndoneOrFinishedByTheNextRunOfEitherInput() throws IOException {
    SortedMap<String, String> oldTree = clean(OLD, "old");
    SortedMap<String, String> newTree = clean(NEW, "new");
    int rolledBack = 0;
    int completed = 0;
    int beforeTheJournal = 0;
    for (int n = 0; ; n++) {
      Path trial = dir.resolve("trial-" + n);
      new OutputTree(trial).write(OLD, false);
      try {
        new OutputTree(trial, OutputTree.STAT_CACHE_THRESHOLD, killingAt(n)).write(NEW, false);
        assertEquals(newTree, contents(trial));
        break; // no move left to kill at
      } catch (Killed killed) {
        // what a kill -9 at this move leaves
      }
      Path again = dir.resolve("trial-" + n + "-again");
      copy(trial, again);

      TreeReport.Recovery recovery =
          TransactionRecovery.recover(
              trial, TransactionRecovery.leftovers(trial), Transaction.Moves.ATOMIC);
      SortedMap<String, String> recovered = contents(trial);
      switch (recovery) {
        case ROLLED_BACK -> rolledBack++;
        case COMPLETED -> completed++;
        case NONE -> beforeTheJournal++;
      }
      assertEquals(
          recovery == TreeReport.Recovery.COMPLETED ? newTree : oldTree,
          recovered,
          "after a kill at point " + n);

      new OutputTree(again).write(n % 2 == 0 ? OLD : NEW, false);
      assertEquals(
          n % 2 == 0 ? oldTree : newTree,
          contents(again),
          "the next run after a kill at point " + n);
      new OutputTree(trial).write(n % 2 == 0 ? NEW : OLD, false);
      assertEquals(
          n % 2 == 0 ? newTree : oldTree,
          contents(trial),
          "the next run after a kill at point " + n);
    }
    // Moves: the journal, main.tf, gpu.tf, new.tf, c, d, the manifest, the commit; killed before or
    // after each.
    assertEquals(1, beforeTheJournal, "killed before the journal is in place");
    assertEquals(14, rolledBack, "killed between the journal and the commit");
    assertEquals(1, completed, "killed after the commit");
  }

  @Test
  void checkReportsAnInterruptedRunAsStaleAndWritesNothing() throws IOException {
    new OutputTree(out()).write(OLD, false);
    assertThrows(
        Killed.class,
        () ->
            new OutputTree(out(), OutputTree.STAT_CACHE_THRESHOLD, killingAt(6)).write(NEW, false));
    SortedMap<String, String> before = TreeSnapshot.of(out());

    CheckReport report = new OutputTree(out()).check(NEW);

    assertEquals(List.of(".modelplane/staged", ".modelplane/transaction"), report.leftovers());
    assertTrue(report.stale().containsAll(report.leftovers()));
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void checkReportsLeftoverTemporaryFilesAsStaleAndTheNextWriteDeletesThem() throws IOException {
    new OutputTree(out()).write(OLD, false);
    Files.writeString(
        out().resolve(".modelplane/.manifest.12345.modelplane-tmp"), "half a manifest");

    assertEquals(
        List.of(".modelplane/.manifest.12345.modelplane-tmp"),
        new OutputTree(out()).check(OLD).stale());
    TreeReport write = new OutputTree(out()).write(OLD, false);

    assertEquals(List.of(), write.written());
    assertEquals(List.of(), new OutputTree(out()).check(OLD).stale());
    assertFalse(Files.exists(out().resolve(".modelplane/.manifest.12345.modelplane-tmp")));
  }

  @Test
  void aSecondWriterFailsAtOnceNamingTheHolder() throws IOException {
    new OutputTree(out()).write(OLD, false);
    SortedMap<String, String> before = TreeSnapshot.of(out());
    OutputTree first = new OutputTree(out());
    try (OutputTree.Lock lock = first.lock()) {
      OutputLockedException e =
          assertThrows(OutputLockedException.class, () -> new OutputTree(out()).write(NEW, false));
      assertTrue(
          e.getMessage()
              .startsWith(
                  out()
                      + " is being written by another modelplane run (another run in this process, pid "
                      + ProcessHandle.current().pid()
                      + " started "),
          e.getMessage());
      assertEquals(before, TreeSnapshot.of(out()));
      first.write(NEW, false);
    }
    assertEquals(List.of(), new OutputTree(out()).check(NEW).stale());
    assertTrue(
        TreeSnapshot.read(out().resolve(TreeLock.PATH))
            .startsWith("pid " + ProcessHandle.current().pid() + " started "));
  }

  @Test
  void aFailedFirstRunLeavesNoFolderBehind() {
    Path nested = dir.resolve("missing/out");
    GeneratedFile tooLong = new GeneratedFile("ns/b/" + "x".repeat(300) + ".tf", "b = 1\n");

    assertThrows(
        IOException.class, () -> new OutputTree(nested).write(List.of(MAIN, tooLong), false));

    assertFalse(Files.exists(dir.resolve("missing")));
  }

  @Test
  void aDamagedJournalStopsTheRunBeforeAnythingIsWritten() throws IOException {
    new OutputTree(out()).write(OLD, false);
    Files.writeString(
        out().resolve(Transaction.JOURNAL),
        "modelplane-transaction 1\ncreate - af2fda68:6 ../../etc/passwd\n");
    SortedMap<String, String> before = TreeSnapshot.of(out());

    InvalidManifestException e =
        assertThrows(InvalidManifestException.class, () -> new OutputTree(out()).write(NEW, false));

    assertEquals(
        out() + "/.modelplane/transaction:2: expected a relative path, found '../../etc/passwd'",
        e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void theJournalRoundTripsAndRefusesStepsWithoutTheirFingerprints() throws IOException {
    List<String> lines =
        new ArrayList<>(
            List.of(
                "modelplane-transaction 1",
                "folder - - ns/b",
                "create - af2fda68:6 ns/b/main.tf",
                "replace af2fda68:6 840289ab:6 ns/a/main.tf",
                "remove 0e7a60f8:11 - ns/a/pools/gpu.tf",
                "replace af2fda68:6 840289ab:6 .modelplane/manifest"));
    List<Transaction.Step> steps =
        TransactionJournal.parse(
                (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8), "j")
            .steps();
    assertEquals(
        new Transaction.Step(
            Transaction.Kind.REPLACE, "ns/a/main.tf", "af2fda68  6", "840289ab  6"),
        steps.get(2));
    assertEquals(5, steps.size());

    InvalidManifestException noFingerprint =
        assertThrows(
            InvalidManifestException.class,
            () ->
                TransactionJournal.parse(
                    "modelplane-transaction 1\ncreate - - notes/todo.md\n"
                        .getBytes(StandardCharsets.UTF_8),
                    "j"));
    assertEquals("j:2: the fingerprints do not fit a create step", noFingerprint.getMessage());
    assertThrows(
        InvalidManifestException.class,
        () ->
            TransactionJournal.parse(
                "modelplane-transaction 1\nremove - - .modelplane/lock\n"
                    .getBytes(StandardCharsets.UTF_8),
                "j"));
    assertThrows(
        InvalidManifestException.class,
        () -> TransactionJournal.parse("notes/todo.md\n".getBytes(StandardCharsets.UTF_8), "j"));
  }
}
