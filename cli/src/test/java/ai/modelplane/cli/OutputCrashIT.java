package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar's output tree under {@code kill -9} and concurrent runs, on a 1,000-cluster fleet:
 * a killed update is rolled back or completed by the next run of either input, which then leaves
 * exactly that input's tree; of two simultaneous runs (on 200 clusters), one writes and the other
 * fails at once. Terraform only, to keep the run time down (both targets share the writer). Minutes
 * on two cores, so it runs under {@code -Pfault-injection}, not in the README's test command.
 */
@Tag("fault-injection")
class OutputCrashIT {
  private static final Path JAR = Path.of("target/modelplane.jar");
  private static final Pattern SUMMARY =
      Pattern.compile(
          "(\\d+) AKSCluster\\(s\\) generated into .*: (\\d+) file\\(s\\) written, (\\d+) unchanged, (\\d+) removed\n");
  private static final int KILLS = 10;
  private static final int RACES = 10;

  @TempDir static Path dir;
  static Path oldFleet;
  static Path newFleet;

  /**
   * 200 clusters, their system pools at 2 and 3 nodes: enough to hold the lock while a second run
   * starts.
   */
  static Path smallFleet2;

  static Path smallFleet3;
  static SortedMap<String, Long> smallTree2;
  static SortedMap<String, Long> smallTree3;

  /**
   * The tree a clean run of each fleet leaves: path to CRC-32, without the lock and the stat cache.
   */
  static SortedMap<String, Long> oldTree;

  static SortedMap<String, Long> newTree;

  /**
   * A fleet written by bench/make-fleet.sh, clusters {@code from} to {@code to - 1}; the new fleet
   * resizes every cluster's system pool, drops 100 clusters and adds 50, so that an update creates,
   * replaces and removes files.
   */
  static void writeFleet(Path folder, int from, int to, int systemNodes)
      throws IOException, InterruptedException {
    Process maker =
        new ProcessBuilder(
                "sh",
                "../bench/make-fleet.sh",
                String.valueOf(to - from),
                folder.toString(),
                String.valueOf(from),
                String.valueOf(systemNodes))
            .inheritIO()
            .start();
    assertEquals(0, maker.waitFor(), "bench/make-fleet.sh");
  }

  record Run(int exitCode, String out, String err, long endedNanos) {}

  static ProcessBuilder generate(Path fleet, Path out, String tag) {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                JAR.toString(),
                "generate",
                "--target",
                "terraform",
                "--out",
                out.toString(),
                fleet.toString()));
    return new ProcessBuilder(command)
        .redirectOutput(dir.resolve(tag + ".out").toFile())
        .redirectError(dir.resolve(tag + ".err").toFile());
  }

  static Run finish(Process process, String tag) throws IOException, InterruptedException {
    if (!process.waitFor(600, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("timed out: " + tag);
    }
    long ended = System.nanoTime();
    return new Run(
        process.exitValue(),
        Files.readString(dir.resolve(tag + ".out")),
        Files.readString(dir.resolve(tag + ".err")),
        ended);
  }

  static Run run(Path fleet, Path out, String tag) throws IOException, InterruptedException {
    return finish(generate(fleet, out, tag).start(), tag);
  }

  /**
   * Every file below {@code root} (CRC-32 of its bytes), without the lock and the stat cache, which
   * belong to a run, not to a tree.
   */
  static SortedMap<String, Long> tree(Path root) throws IOException {
    return tree(root, false);
  }

  /**
   * @param withoutLeftovers leave out what an interrupted run left in {@code .modelplane/} too
   */
  static SortedMap<String, Long> tree(Path root, boolean withoutLeftovers) throws IOException {
    SortedMap<String, Long> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.filter(Files::isRegularFile).toList()) {
        String relative = root.relativize(path).toString();
        boolean leftover =
            relative.startsWith(".modelplane/staged/")
                || relative.startsWith(".modelplane/transaction")
                || relative.endsWith(".modelplane-tmp");
        if (!relative.equals(".modelplane/lock")
            && !relative.equals(".modelplane/stat-cache")
            && !(withoutLeftovers && leftover)) {
          CRC32 crc = new CRC32();
          crc.update(Files.readAllBytes(path));
          files.put(relative, crc.getValue());
        }
      }
    }
    return files;
  }

  /**
   * What generate prints on the way from tree {@code from} to tree {@code to}: written, removed.
   */
  static List<Integer> counts(SortedMap<String, Long> from, SortedMap<String, Long> to) {
    int written = 0;
    int removed = 0;
    for (Map.Entry<String, Long> file : to.entrySet()) {
      if (!file.getKey().startsWith(".modelplane/")
          && !file.getValue().equals(from.get(file.getKey()))) {
        written++;
      }
    }
    for (String path : from.keySet()) {
      if (!path.startsWith(".modelplane/") && !to.containsKey(path)) {
        removed++;
      }
    }
    return List.of(written, removed);
  }

  static List<Integer> counts(Run run) {
    Matcher matcher = SUMMARY.matcher(run.out());
    assertTrue(matcher.matches(), run.out() + run.err());
    return List.of(Integer.parseInt(matcher.group(2)), Integer.parseInt(matcher.group(4)));
  }

  @BeforeAll
  static void fleets() throws Exception {
    oldFleet = dir.resolve("fleet-old");
    newFleet = dir.resolve("fleet-new");
    writeFleet(oldFleet, 0, 1000, 2);
    writeFleet(newFleet, 100, 1050, 3);
    assertEquals(0, run(oldFleet, dir.resolve("clean-old"), "clean-old").exitCode());
    assertEquals(0, run(newFleet, dir.resolve("clean-new"), "clean-new").exitCode());
    oldTree = tree(dir.resolve("clean-old"));
    newTree = tree(dir.resolve("clean-new"));
    smallFleet2 = dir.resolve("small-2");
    smallFleet3 = dir.resolve("small-3");
    writeFleet(smallFleet2, 0, 200, 2);
    writeFleet(smallFleet3, 0, 200, 3);
    assertEquals(0, run(smallFleet3, dir.resolve("clean-small-3"), "clean-small-3").exitCode());
    smallTree3 = tree(dir.resolve("clean-small-3"));
    List<Integer> update = counts(oldTree, newTree);
    assertTrue(
        update.get(0) > 1000 && update.get(1) > 100,
        "an update that creates, replaces and removes: " + update);
  }

  /** No journal, staged file or temporary file anywhere in the tree. */
  static void assertNoLeftovers(Path out) throws IOException {
    try (Stream<Path> walk = Files.walk(out)) {
      List<String> leftovers =
          walk.map(path -> out.relativize(path).toString())
              .filter(
                  path ->
                      path.endsWith(".modelplane-tmp")
                          || path.startsWith(".modelplane/transaction")
                          || path.startsWith(".modelplane/staged"))
              .toList();
      assertEquals(List.of(), leftovers);
    }
  }

  @Test
  void aKilledUpdateIsRolledBackOrCompletedByTheNextRunOfEitherInput() throws Exception {
    Path out = dir.resolve("killed");
    assertEquals(0, run(oldFleet, out, "first").exitCode());
    Random random = new Random(16);
    // The phases of one update, measured: staging (from the staging folder to the journal), the
    // transaction (from the journal to the end of the run), the whole run.
    Path staged = out.resolve(".modelplane/staged");
    Path journal = out.resolve(".modelplane/transaction");
    Process calibration = generate(newFleet, out, "calibration").start();
    long started = System.nanoTime();
    long stagedAt = waitFor(staged, calibration);
    long journalAt = waitFor(journal, calibration);
    Run calibrated = finish(calibration, "calibration");
    assertEquals(0, calibrated.exitCode(), calibrated.err());
    long staging = Math.max(1, journalAt - stagedAt);
    long transaction = Math.max(1, calibrated.endedNanos() - journalAt);
    long whole = calibrated.endedNanos() - started;
    boolean isNew = true;

    int killed = 0;
    int rolledBack = 0;
    int completed = 0;
    int beforeTheTransaction = 0;
    List<String> outcomes = new ArrayList<>();
    for (int trial = 0; killed < KILLS && trial < 3 * KILLS; trial++) {
      Path fromFleet = isNew ? newFleet : oldFleet;
      Path toFleet = isNew ? oldFleet : newFleet;
      SortedMap<String, Long> from = isNew ? newTree : oldTree;
      SortedMap<String, Long> to = isNew ? oldTree : newTree;
      Process update = generate(toFleet, out, "update-" + trial).start();
      long updateStarted = System.nanoTime();
      // Half the kills land in the transaction, a quarter while staging, a quarter anywhere in the
      // run.
      long delay;
      long base;
      switch (trial % 4) {
        case 0 -> {
          base = updateStarted;
          delay = (long) (random.nextDouble() * whole);
        }
        case 1 -> {
          base = waitFor(staged, update);
          delay = (long) (random.nextDouble() * staging);
        }
        default -> {
          base = waitFor(journal, update, out.resolve(".modelplane/transaction.committed"));
          delay = (long) (random.nextDouble() * transaction);
        }
      }
      while (System.nanoTime() < base + delay && update.isAlive()) {
        Thread.sleep(1);
      }
      boolean wasKilled = update.isAlive();
      update.destroyForcibly();
      finish(update, "update-" + trial);
      if (!wasKilled) {
        isNew = !isNew;
        continue; // it finished first: not a kill
      }
      killed++;
      SortedMap<String, Long> afterTheKill = tree(out, true);

      boolean recoverWithNew = random.nextBoolean();
      Path recoveryFleet = recoverWithNew ? newFleet : oldFleet;
      SortedMap<String, Long> wanted = recoverWithNew ? newTree : oldTree;
      Run recovery = run(recoveryFleet, out, "recovery-" + trial);
      assertEquals(0, recovery.exitCode(), recovery.err());
      String outcome;
      SortedMap<String, Long> recovered;
      if (recovery.err().contains("rolled back the changes of an interrupted run")) {
        outcome = "rolled back";
        rolledBack++;
        recovered = from;
      } else if (recovery.err().contains("completed the changes of an interrupted run")) {
        outcome = "completed";
        completed++;
        recovered = to;
      } else {
        // Killed before its journal was in place, or after its transaction was done: nothing to
        // recover.
        assertEquals("", recovery.err());
        assertTrue(
            afterTheKill.equals(from) || afterTheKill.equals(to),
            "trial " + trial + ": a tree without a journal is the old or the new one");
        outcome =
            afterTheKill.equals(from)
                ? "killed before its transaction"
                : "killed after its transaction";
        beforeTheTransaction++;
        recovered = afterTheKill;
      }
      // The recovered tree was entirely the old or the new one: the run changed exactly the
      // difference to its input.
      assertEquals(counts(recovered, wanted), counts(recovery), "trial " + trial + ", " + outcome);
      assertEquals(wanted, tree(out), "trial " + trial + ", " + outcome);
      assertNoLeftovers(out);
      outcomes.add(outcome + " (" + (recoverWithNew ? "new" : "old") + " input)");
      isNew = recoverWithNew;
    }
    System.out.println(
        "OutputCrashIT kills: "
            + killed
            + ", rolled back "
            + rolledBack
            + ", completed "
            + completed
            + ", before or after the transaction "
            + beforeTheTransaction
            + "; "
            + outcomes);
    System.out.println(
        "OutputCrashIT phases of an update: staging "
            + staging / 1_000_000
            + " ms, transaction "
            + transaction / 1_000_000
            + " ms, whole run "
            + whole / 1_000_000
            + " ms");
    assertTrue(killed >= 10, "kills: " + killed);
  }

  /**
   * When {@code file} (or {@code orElse}) first exists, polling while {@code process} runs; now if
   * it ends first.
   */
  static long waitFor(Path file, Process process, Path... orElse) throws InterruptedException {
    while (!Files.exists(file) && Stream.of(orElse).noneMatch(Files::exists) && process.isAlive()) {
      Thread.sleep(1);
    }
    return System.nanoTime();
  }

  @Test
  void ofTwoSimultaneousRunsOneWritesAndTheOtherFailsAtOnce() throws Exception {
    Path existing = dir.resolve("raced");
    assertEquals(0, run(smallFleet2, existing, "race-first").exitCode());
    smallTree2 = tree(existing);
    List<String> outcomes = new ArrayList<>();
    for (int trial = 0; trial < RACES; trial++) {
      Path fleet = trial % 2 == 0 ? smallFleet3 : smallFleet2;
      // The first race is into a folder that does not exist yet: one run creates it, the other
      // still fails on the lock.
      Path out = trial == 0 ? dir.resolve("raced-fresh") : existing;
      Race race = race(fleet, out, "race-" + trial);
      Run winner = race.winner();
      Run loser = race.loser();
      assertEquals(0, winner.exitCode(), race.describe());
      assertEquals(1, loser.exitCode(), "exactly one wins: " + race.describe());
      // The holder's pid, not that of the run before it, whose line the lock file still holds
      // when the loser looks just after the holder took the lock and before it wrote its own.
      assertTrue(
          loser
              .err()
              .startsWith(
                  "modelplane: "
                      + out
                      + " is being written by another modelplane run (pid "
                      + race.winnerPid()
                      + " started 20"),
          race.describe());
      assertTrue(
          loser.endedNanos() < winner.endedNanos(),
          "the loser fails at once, before the winner is done");
      assertEquals(trial % 2 == 0 ? smallTree3 : smallTree2, tree(out));
      assertNoLeftovers(out);
      outcomes.add(
          race.winnerName()
              + " won, the other failed after "
              + (loser.endedNanos() - race.started()) / 1_000_000
              + " ms, the winner took "
              + (winner.endedNanos() - race.started()) / 1_000_000
              + " ms");
    }
    System.out.println("OutputCrashIT races: " + outcomes);
  }

  /**
   * Two runs of one generation into {@code out}, started together; both have ended. A failed
   * assertion shows both runs' exit codes, pids and stderr ({@link #describe}).
   */
  record Race(long started, Run a, long aPid, Run b, long bPid) {
    /** The run that exited 0 (a when both did, which the loser's exit code then fails). */
    Run winner() {
      return a.exitCode() == 0 ? a : b;
    }

    Run loser() {
      return winner() == a ? b : a;
    }

    long winnerPid() {
      return winner() == a ? aPid : bPid;
    }

    String winnerName() {
      return winner() == a ? "a" : "b";
    }

    String describe() {
      return "a (pid "
          + aPid
          + ") exited "
          + a.exitCode()
          + ", stderr: "
          + a.err().strip()
          + " | b (pid "
          + bPid
          + ") exited "
          + b.exitCode()
          + ", stderr: "
          + b.err().strip();
    }
  }

  static Race race(Path fleet, Path out, String tag) throws Exception {
    long started = System.nanoTime();
    Process a = generate(fleet, out, tag + "-a").start();
    Process b = generate(fleet, out, tag + "-b").start();
    CompletableFuture<Long> aEnded = a.onExit().thenApply(process -> System.nanoTime());
    CompletableFuture<Long> bEnded = b.onExit().thenApply(process -> System.nanoTime());
    Run ranA = finish(a, tag + "-a");
    Run ranB = finish(b, tag + "-b");
    return new Race(
        started,
        new Run(ranA.exitCode(), ranA.out(), ranA.err(), aEnded.get()),
        a.pid(),
        new Run(ranB.exitCode(), ranB.out(), ranB.err(), bEnded.get()),
        b.pid());
  }
}
