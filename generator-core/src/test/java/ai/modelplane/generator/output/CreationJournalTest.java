package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * New files are created in place, listed first in {@code .modelplane/creating}: a failed run
 * removes them, and a run after a crash takes the files a journal lists for the generator's own.
 */
class CreationJournalTest {
  static final GeneratedFile MAIN = OutputTreeTest.MAIN;
  static final GeneratedFile GPU = OutputTreeTest.GPU;
  static final GeneratedFile SHARED = OutputTreeTest.SHARED;

  @TempDir Path dir;

  Path out() {
    return dir.resolve("out");
  }

  Path journal() {
    return out().resolve(CreationJournal.PATH);
  }

  /** What a run that crashed after creating main.tf and half of gpu.tf, before its manifest, leaves. */
  void crashedFirstRun() throws IOException {
    Files.createDirectories(out().resolve("ns/a/terraform/pools"));
    Files.writeString(journal().getParent().resolve("creating"), "ns/a/terraform/main.tf\nns/a/terraform/pools/gpu.tf\n");
    Files.writeString(out().resolve("ns/a/terraform/main.tf"), "a = 1\n");
    Files.writeString(out().resolve("ns/a/terraform/pools/gpu.tf"), "gpu =");
  }

  @Test
  void aRunAfterACrashRewritesTheFilesTheJournalListsAndDropsIt() throws IOException {
    Files.createDirectories(journal().getParent());
    crashedFirstRun();

    TreeReport report = new OutputTree(out()).write(List.of(MAIN, GPU), false);

    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.written());
    assertEquals(List.of("ns/a/terraform/main.tf"), report.unchanged());
    assertEquals("gpu = true\n", TreeSnapshot.read(out().resolve("ns/a/terraform/pools/gpu.tf")));
    assertEquals(
        OutputTreeTest.A1_HASH + "  ns/a/terraform/main.tf\n" + OutputTreeTest.GPU_HASH + "  ns/a/terraform/pools/gpu.tf\n",
        TreeSnapshot.read(out().resolve(".modelplane/manifest")));
    assertFalse(Files.exists(journal()));
  }

  @Test
  void aRunAfterACrashRemovesListedFilesItNoLongerProduces() throws IOException {
    Files.createDirectories(journal().getParent());
    crashedFirstRun();

    TreeReport report = new OutputTree(out()).write(List.of(MAIN), false);

    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.removed());
    assertEquals(List.of(), report.editedByHand());
    assertEquals(
        List.of(".modelplane/", ".modelplane/manifest", "ns/", "ns/a/", "ns/a/terraform/", "ns/a/terraform/main.tf"),
        List.copyOf(TreeSnapshot.of(out()).keySet()));
  }

  @Test
  void withoutAJournalTheSameFilesAreSomeoneElses() throws IOException {
    Files.createDirectories(journal().getParent());
    crashedFirstRun();
    Files.delete(journal());

    OutputConflictException e = assertThrows(OutputConflictException.class, () -> new OutputTree(out()).write(List.of(MAIN, GPU), false));

    assertEquals(List.of(new OutputConflict("ns/a/terraform/pools/gpu.tf", OutputConflict.Kind.NOT_GENERATED)), e.conflicts());
  }

  @Test
  void checkModeCountsListedFilesAsTheGeneratorsAndKeepsTheJournal() throws IOException {
    Files.createDirectories(journal().getParent());
    crashedFirstRun();
    SortedMap<String, String> before = TreeSnapshot.of(out());

    TreeReport report = new OutputTree(out()).check(List.of(MAIN, GPU));

    assertEquals(List.of("ns/a/terraform/pools/gpu.tf", ".modelplane/manifest"), report.stale());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aFailedRunRemovesWhatItCreatedAndPutsAnEarlierJournalBack() throws IOException {
    Files.createDirectories(journal().getParent());
    crashedFirstRun();
    SortedMap<String, String> before = TreeSnapshot.of(out());
    String tooLong = "x".repeat(300) + ".tf";
    List<GeneratedFile> files = List.of(MAIN, GPU, SHARED, new GeneratedFile("ns/b/" + tooLong, "b = 1\n"));

    IOException e = assertThrows(IOException.class, () -> new OutputTree(out()).write(files, false));

    assertEquals("cannot write " + out() + "/ns/b/" + tooLong + ": File name too long", e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aFailedRunIntoAFreshFolderLeavesNoFolder() {
    String tooLong = "x".repeat(300) + ".tf";
    List<GeneratedFile> files = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      files.add(new GeneratedFile("ns/c" + i + "/main.tf", "c = " + i + "\n"));
    }
    files.add(new GeneratedFile("ns/c50/" + tooLong, "b = 1\n"));

    IOException e = assertThrows(IOException.class, () -> new OutputTree(out()).write(files, false));

    assertEquals("cannot write " + out() + "/ns/c50/" + tooLong + ": File name too long", e.getMessage());
    assertFalse(Files.exists(out()));
  }

  @Test
  void manyNewFilesAreAllCreatedAndTheJournalIsGone() throws IOException {
    List<GeneratedFile> files = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      files.add(new GeneratedFile("ns/c" + i + "/main.tf", "c = " + i + "\n"));
    }

    TreeReport report = new OutputTree(out()).write(files, false);

    assertEquals(100, report.written().size());
    SortedMap<String, String> tree = TreeSnapshot.of(out());
    assertEquals(2 + 1 + 100 * 2, tree.size(), "the manifest and its folder, ns/, and a folder and a file per cluster");
    for (int i = 0; i < 100; i++) {
      assertEquals("c = " + i + "\n", TreeSnapshot.read(out().resolve("ns/c" + i + "/main.tf")));
    }
    assertFalse(Files.exists(journal()));
  }

  @Test
  void aDamagedJournalStopsTheRunBeforeAnythingIsWritten() throws IOException {
    Files.createDirectories(journal().getParent());
    Files.writeString(journal(), "ns/a/main.tf\n../../etc/passwd\n");
    SortedMap<String, String> before = TreeSnapshot.of(out());

    InvalidManifestException e = assertThrows(InvalidManifestException.class, () -> new OutputTree(out()).write(List.of(MAIN), false));

    assertEquals(journal() + ":2: expected a relative path, found '../../etc/passwd'", e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aFolderThatCannotBeMadeIsReportedForTheFirstFileBelowIt() throws IOException {
    new OutputTree(out()).write(List.of(SHARED), false);
    SortedMap<String, String> before = TreeSnapshot.of(out());
    List<GeneratedFile> files = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      files.add(new GeneratedFile("ns/c" + i + "/main.tf", "c = " + i + "\n"));
    }
    String tooLongZ = "z".repeat(300);
    String tooLongY = "y".repeat(300);
    files.add(new GeneratedFile("ns/" + tooLongZ + "/a.tf", "a = 1\n"));
    files.add(new GeneratedFile("ns/" + tooLongY + "/b.tf", "b = 1\n"));
    files.add(new GeneratedFile("ns/" + tooLongY + "/a.tf", "a = 1\n"));
    files.add(SHARED);

    IOException e = assertThrows(IOException.class, () -> new OutputTree(out()).write(files, false));

    assertEquals("cannot write " + out() + "/ns/" + tooLongY + "/a.tf: File name too long", e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }
}
