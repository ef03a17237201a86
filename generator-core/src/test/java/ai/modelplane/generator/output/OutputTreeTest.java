package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputTreeTest {
  // Manifest fingerprints, from: python3 -c "import zlib; b=b'a = 1\n'; print('%08x  %d' %
  // (zlib.crc32(b), len(b)))"
  static final String SHARED_HASH = "d8fbc647  16";
  static final String A1_HASH = "af2fda68  6";
  static final String GPU_HASH = "0e7a60f8  11";
  static final String A2_HASH = "840289ab  6";

  static final GeneratedFile SHARED =
      new GeneratedFile("modules/terraform/README.md", "# shared module\n");
  static final GeneratedFile MAIN = new GeneratedFile("ns/a/terraform/main.tf", "a = 1\n");
  static final GeneratedFile GPU = new GeneratedFile("ns/a/terraform/pools/gpu.tf", "gpu = true\n");
  static final GeneratedFile MAIN_CHANGED = new GeneratedFile("ns/a/terraform/main.tf", "a = 2\n");

  @TempDir Path dir;

  Path out() {
    return dir.resolve("out");
  }

  // What each file adds to TreeSnapshot.of(out()), folders included, in the snapshot's order.
  static final List<String> STATE_ENTRIES =
      List.of(".modelplane/", ".modelplane/.gitignore", ".modelplane/manifest");
  static final List<String> SHARED_ENTRIES =
      List.of("modules/", "modules/terraform/", "modules/terraform/README.md");
  static final List<String> MAIN_ENTRIES =
      List.of("ns/", "ns/a/", "ns/a/terraform/", "ns/a/terraform/main.tf");
  static final List<String> GPU_ENTRIES =
      List.of("ns/a/terraform/pools/", "ns/a/terraform/pools/gpu.tf");

  // Manifest lines, one a file.
  static final String SHARED_LINE = SHARED_HASH + "  modules/terraform/README.md\n";
  static final String A1_LINE = A1_HASH + "  ns/a/terraform/main.tf\n";
  static final String A2_LINE = A2_HASH + "  ns/a/terraform/main.tf\n";
  static final String GPU_LINE = GPU_HASH + "  ns/a/terraform/pools/gpu.tf\n";

  @SafeVarargs
  static List<String> entriesOf(List<String>... parts) {
    return Stream.of(parts).flatMap(List::stream).toList();
  }

  /** The paths of the output tree as it is now. */
  List<String> entries() throws IOException {
    return List.copyOf(TreeSnapshot.of(out()).keySet());
  }

  String read(String path) throws IOException {
    return TreeSnapshot.read(out().resolve(path));
  }

  TreeReport write(GeneratedFile... files) throws IOException {
    return new OutputTree(out()).write(List.of(files), false);
  }

  TreeReport writeForced(GeneratedFile... files) throws IOException {
    return new OutputTree(out()).write(List.of(files), true);
  }

  CheckReport check(GeneratedFile... files) throws IOException {
    return new OutputTree(out()).check(List.of(files));
  }

  void editByHand(String path) throws IOException {
    Files.writeString(out().resolve(path), "hand edit\n");
  }

  /** A main.tf of someone else's where the generator wants to write its own. */
  void someoneElsesMainTf() throws IOException {
    Files.createDirectories(out().resolve("ns/a/terraform"));
    Files.writeString(out().resolve("ns/a/terraform/main.tf"), "mine\n");
  }

  @Test
  void firstWriteCreatesEveryFileAndTheManifest() throws IOException {
    TreeReport report = write(MAIN, SHARED, GPU);

    assertEquals(
        List.of(
            "modules/terraform/README.md", "ns/a/terraform/main.tf", "ns/a/terraform/pools/gpu.tf"),
        report.written());
    assertEquals(List.of(), report.unchanged());
    assertEquals(List.of(), report.removed());
    // A write report has no stale list or diff of its own: a check right after finds nothing.
    CheckReport after = check(MAIN, SHARED, GPU);
    assertEquals(List.of(), after.stale());
    assertEquals("", after.diff());
    assertEquals(entriesOf(STATE_ENTRIES, SHARED_ENTRIES, MAIN_ENTRIES, GPU_ENTRIES), entries());
    assertEquals("a = 1\n", read("ns/a/terraform/main.tf"));
    assertEquals(SHARED_LINE + A1_LINE + GPU_LINE, read(".modelplane/manifest"));
  }

  @Test
  void secondRunWithTheSameFilesWritesNothingAndKeepsMtimes() throws IOException {
    write(MAIN, SHARED, GPU);
    TreeSnapshot.age(out());
    SortedMap<String, String> before = TreeSnapshot.of(out());

    TreeReport report = write(SHARED, GPU, MAIN);

    assertEquals(List.of(), report.written());
    assertEquals(
        List.of(
            "modules/terraform/README.md", "ns/a/terraform/main.tf", "ns/a/terraform/pools/gpu.tf"),
        report.unchanged());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aChangedFileIsTheOnlyOneRewrittenBesidesTheManifest() throws IOException {
    write(MAIN, SHARED, GPU);
    TreeSnapshot.age(out());

    TreeReport report = write(MAIN_CHANGED, SHARED, GPU);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.written());
    assertEquals(
        List.of("modules/terraform/README.md", "ns/a/terraform/pools/gpu.tf"), report.unchanged());
    SortedMap<String, String> after = TreeSnapshot.of(out());
    assertEquals(
        "# shared module\n @ " + TreeSnapshot.OLD, after.get("modules/terraform/README.md"));
    assertEquals("gpu = true\n @ " + TreeSnapshot.OLD, after.get("ns/a/terraform/pools/gpu.tf"));
    assertEquals("a = 2\n", read("ns/a/terraform/main.tf"));
    assertFalse(after.get("ns/a/terraform/main.tf").endsWith("@ " + TreeSnapshot.OLD));
    assertEquals(SHARED_LINE + A2_LINE + GPU_LINE, read(".modelplane/manifest"));
  }

  @Test
  void aFileNoLongerProducedIsRemovedWithTheFoldersItLeavesEmpty() throws IOException {
    write(MAIN, SHARED, GPU);

    TreeReport report = write(MAIN, SHARED);

    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.removed());
    assertEquals(List.of(), report.written());
    assertEquals(entriesOf(STATE_ENTRIES, SHARED_ENTRIES, MAIN_ENTRIES), entries());
    assertEquals(SHARED_LINE + A1_LINE, read(".modelplane/manifest"));
  }

  @Test
  void removingEveryFileOfAClusterRemovesItsFoldersButNotTheOutputFolder() throws IOException {
    write(MAIN, SHARED, GPU);

    TreeReport report = write(SHARED);

    assertEquals(
        List.of("ns/a/terraform/main.tf", "ns/a/terraform/pools/gpu.tf"), report.removed());
    assertEquals(entriesOf(STATE_ENTRIES, SHARED_ENTRIES), entries());
  }

  @Test
  void filesTheGeneratorDidNotWriteAreNeverTouched() throws IOException {
    write(MAIN, SHARED, GPU);
    Files.writeString(out().resolve("README.md"), "ours\n");
    Files.writeString(out().resolve("ns/a/terraform/pools/notes.txt"), "keep me\n");
    Files.writeString(out().resolve("ns/a/terraform/backend.tf"), "terraform {}\n");
    TreeSnapshot.age(out());

    TreeReport report = write(MAIN_CHANGED, SHARED);

    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.removed());
    SortedMap<String, String> after = TreeSnapshot.of(out());
    assertEquals("ours\n @ " + TreeSnapshot.OLD, after.get("README.md"));
    assertEquals("keep me\n @ " + TreeSnapshot.OLD, after.get("ns/a/terraform/pools/notes.txt"));
    assertEquals("terraform {}\n @ " + TreeSnapshot.OLD, after.get("ns/a/terraform/backend.tf"));
    assertEquals("", after.get("ns/a/terraform/pools/"), "a folder with someone else's file stays");
    assertFalse(after.containsKey("ns/a/terraform/pools/gpu.tf"));
  }

  @Test
  void aCollisionWithSomeoneElsesFileFailsAndWritesNothing() throws IOException {
    write(SHARED);
    someoneElsesMainTf();
    TreeSnapshot.age(out());
    SortedMap<String, String> before = TreeSnapshot.of(out());

    OutputConflictException e = assertThrows(OutputConflictException.class, () -> write(MAIN, GPU));

    assertEquals(
        out()
            + "/ns/a/terraform/main.tf: exists and was not written by modelplane (it is not in .modelplane/manifest); move it away or choose another output folder",
        e.getMessage());
    assertEquals(
        List.of(new OutputConflict("ns/a/terraform/main.tf", OutputConflict.Kind.NOT_GENERATED)),
        e.conflicts());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aForcedRunStillNeverOverwritesSomeoneElsesFile() throws IOException {
    someoneElsesMainTf();
    SortedMap<String, String> before = TreeSnapshot.of(out());

    assertThrows(OutputConflictException.class, () -> writeForced(MAIN));

    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aFileWithExactlyTheGeneratedBytesIsAdoptedWithoutRewriting() throws IOException {
    Files.createDirectories(out().resolve("ns/a/terraform"));
    Files.writeString(out().resolve("ns/a/terraform/main.tf"), "a = 1\n");
    TreeSnapshot.age(out());

    TreeReport report = write(MAIN);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.unchanged());
    assertEquals(
        "a = 1\n @ " + TreeSnapshot.OLD, TreeSnapshot.of(out()).get("ns/a/terraform/main.tf"));
    assertEquals(A1_LINE, read(".modelplane/manifest"));
  }

  @Test
  void aHandEditedFileIsRefusedWithoutForce() throws IOException {
    write(MAIN, GPU);
    editByHand("ns/a/terraform/main.tf");
    SortedMap<String, String> before = TreeSnapshot.of(out());

    OutputConflictException e =
        assertThrows(OutputConflictException.class, () -> write(MAIN_CHANGED, GPU));

    assertEquals(
        out()
            + "/ns/a/terraform/main.tf: was edited by hand since modelplane generated it; move the change into the AKSCluster YAML, or force the overwrite",
        e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aHandEditedFileIsOverwrittenAndReportedWhenForced() throws IOException {
    write(MAIN, GPU);
    editByHand("ns/a/terraform/main.tf");

    TreeReport report = writeForced(MAIN, GPU);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.written());
    assertEquals(List.of("ns/a/terraform/main.tf"), report.editedByHand());
    assertEquals("a = 1\n", read("ns/a/terraform/main.tf"));
  }

  @Test
  void aHandEditedFileNoLongerProducedIsKeptWithoutForceAndRemovedWithIt() throws IOException {
    write(MAIN, GPU);
    editByHand("ns/a/terraform/pools/gpu.tf");
    SortedMap<String, String> before = TreeSnapshot.of(out());

    OutputConflictException e = assertThrows(OutputConflictException.class, () -> write(MAIN));
    assertEquals(
        List.of(
            new OutputConflict("ns/a/terraform/pools/gpu.tf", OutputConflict.Kind.EDITED_OBSOLETE)),
        e.conflicts());
    assertEquals(before, TreeSnapshot.of(out()));

    TreeReport report = writeForced(MAIN);
    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.removed());
    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.editedByHand());
    assertFalse(Files.exists(out().resolve("ns/a/terraform/pools")));
  }

  @Test
  void aGeneratedFileDeletedByHandIsWrittenAgain() throws IOException {
    write(MAIN, GPU);
    Files.delete(out().resolve("ns/a/terraform/main.tf"));

    TreeReport report = write(MAIN, GPU);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.written());
    assertEquals("a = 1\n", read("ns/a/terraform/main.tf"));
  }

  @Test
  void aFolderWhereAFileMustGoAndAFileWhereAFolderMustGoAreConflicts() throws IOException {
    Files.createDirectories(out().resolve("ns/a/terraform/main.tf"));
    Files.createDirectories(out().resolve("modules"));
    Files.writeString(out().resolve("modules/terraform"), "a file\n");
    SortedMap<String, String> before = TreeSnapshot.of(out());

    OutputConflictException e =
        assertThrows(OutputConflictException.class, () -> write(MAIN, SHARED));

    assertEquals(
        List.of(
            new OutputConflict("modules/terraform", OutputConflict.Kind.IN_THE_WAY),
            new OutputConflict("ns/a/terraform/main.tf", OutputConflict.Kind.IN_THE_WAY)),
        e.conflicts());
    assertEquals(
        out()
            + "/modules/terraform: is in the way of a generated file (a folder where a file must go, or a file where a folder must go) (and 1 more conflict(s))",
        e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aWriteThatFailsHalfWayLeavesThePreviousTreeAndNoTemporaryFiles() throws IOException {
    write(MAIN, SHARED);
    TreeSnapshot.age(out());
    SortedMap<String, String> before = TreeSnapshot.of(out());
    // A name longer than any file system allows fails when written, even for root, after the
    // files sorted before it were already written to temporary files.
    String tooLong = "x".repeat(300) + ".tf";
    List<GeneratedFile> files =
        List.of(MAIN_CHANGED, SHARED, new GeneratedFile("ns/b/new/" + tooLong, "b = 1\n"));

    IOException e =
        assertThrows(IOException.class, () -> new OutputTree(out()).write(files, false));

    assertEquals(
        "cannot write "
            + out()
            + "/ns/b/new/"
            + tooLong
            + ": File name too long; nothing was changed",
        e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void anOutputPathThatIsAFileIsAClearError() throws IOException {
    Files.writeString(out(), "not a folder\n");

    IOException e = assertThrows(IOException.class, () -> write(MAIN));

    assertEquals(out() + ": not a folder", e.getMessage());
    assertEquals("not a folder\n", TreeSnapshot.read(out()));
  }

  @Test
  void aReadOnlyOutputFolderIsAClearError() throws IOException {
    Files.createDirectories(out());
    Files.setPosixFilePermissions(out(), PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      assumeFalse(Files.isWritable(out()), "runs only where permissions apply (not as root)");
      IOException e = assertThrows(IOException.class, () -> write(MAIN));
      assertEquals(
          "cannot write " + out() + "/ns/a/terraform/main.tf: permission denied", e.getMessage());
      assertEquals(List.of(), entries());
    } finally {
      Files.setPosixFilePermissions(out(), PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aDamagedManifestStopsTheRunBeforeAnythingIsWritten() throws IOException {
    Files.createDirectories(out().resolve(".modelplane"));
    Files.writeString(out().resolve(".modelplane/manifest"), A1_HASH + "  ../../etc/passwd\n");
    // Written by every run that takes the lock, so that the lock file never reaches version
    // control.
    Files.writeString(out().resolve(StatCache.GITIGNORE), StatCache.GITIGNORE_TEXT);
    SortedMap<String, String> before = TreeSnapshot.of(out());

    InvalidManifestException e = assertThrows(InvalidManifestException.class, () -> write(MAIN));

    assertEquals(
        out()
            + "/.modelplane/manifest:1: expected '<crc32>  <size>  <relative path>', found '"
            + A1_HASH
            + "  ../../etc/passwd'",
        e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void rendererMistakesAreBugsNotConflicts() {
    OutputTree tree = new OutputTree(out());
    assertEquals(
        "a renderer produced ns/a/terraform/main.tf twice",
        assertThrows(
                IllegalArgumentException.class,
                () -> tree.write(List.of(MAIN, MAIN_CHANGED), false))
            .getMessage());
    assertEquals(
        "a renderer produced both the file ns/a and ns/a/terraform/main.tf",
        assertThrows(
                IllegalArgumentException.class,
                () -> tree.write(List.of(MAIN, new GeneratedFile("ns/a", "")), false))
            .getMessage());
    assertEquals(
        "a renderer produced a path the output tree does not accept: .modelplane/manifest",
        assertThrows(
                IllegalArgumentException.class,
                () -> tree.write(List.of(new GeneratedFile(".modelplane/manifest", "")), false))
            .getMessage());
    assertFalse(Files.exists(out()));
  }

  // ---- check mode ----

  @Test
  void checkOfAFreshTreeFindsNothing() throws IOException {
    write(MAIN, SHARED, GPU);
    SortedMap<String, String> before = TreeSnapshot.of(out());

    CheckReport report = check(MAIN, SHARED, GPU);

    assertFalse(report.isStale());
    assertEquals("", report.diff());
    assertEquals(3, report.unchanged().size());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void checkListsChangedNewAndRemovedFilesWithTheirDiffAndWritesNothing() throws IOException {
    write(MAIN, GPU);
    SortedMap<String, String> before = TreeSnapshot.of(out());

    CheckReport report = check(MAIN_CHANGED, SHARED);

    assertEquals(
        List.of("modules/terraform/README.md", "ns/a/terraform/main.tf"), report.written());
    assertEquals(List.of("ns/a/terraform/pools/gpu.tf"), report.removed());
    assertEquals(
        List.of(
            "modules/terraform/README.md",
            "ns/a/terraform/main.tf",
            "ns/a/terraform/pools/gpu.tf",
            ".modelplane/manifest"),
        report.stale());
    assertEquals(
        """
        --- /dev/null
        +++ b/modules/terraform/README.md
        @@ -0,0 +1,1 @@
        +# shared module
        --- a/ns/a/terraform/main.tf
        +++ b/ns/a/terraform/main.tf
        @@ -1,1 +1,1 @@
        -a = 1
        +a = 2
        --- a/ns/a/terraform/pools/gpu.tf
        +++ /dev/null
        @@ -1,1 +0,0 @@
        -gpu = true
        --- a/.modelplane/manifest
        +++ b/.modelplane/manifest
        @@ -1,2 +1,2 @@
        -%s  ns/a/terraform/main.tf
        -%s  ns/a/terraform/pools/gpu.tf
        +%s  modules/terraform/README.md
        +%s  ns/a/terraform/main.tf
        """
            .formatted(A1_HASH, GPU_HASH, SHARED_HASH, A2_HASH),
        report.diff());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void checkShowsAHandEditBeingUndone() throws IOException {
    write(MAIN);
    editByHand("ns/a/terraform/main.tf");

    CheckReport report = check(MAIN);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.stale());
    assertEquals(List.of("ns/a/terraform/main.tf"), report.editedByHand());
    assertEquals(
        """
        --- a/ns/a/terraform/main.tf
        +++ b/ns/a/terraform/main.tf
        @@ -1,1 +1,1 @@
        -hand edit
        +a = 1
        """,
        report.diff());
  }

  @Test
  void checkOfAMissingOutputFolderListsEverythingAndCreatesNothing() throws IOException {
    CheckReport report = check(MAIN);

    assertEquals(List.of("ns/a/terraform/main.tf", ".modelplane/manifest"), report.stale());
    assertEquals(
        """
        --- /dev/null
        +++ b/ns/a/terraform/main.tf
        @@ -0,0 +1,1 @@
        +a = 1
        --- /dev/null
        +++ b/.modelplane/manifest
        @@ -0,0 +1,1 @@
        +%s  ns/a/terraform/main.tf
        """
            .formatted(A1_HASH),
        report.diff());
    assertFalse(Files.exists(out()));
  }

  @Test
  void checkReportsAMissingManifestEvenWhenEveryFileIsRight() throws IOException {
    write(MAIN);
    Files.delete(out().resolve(".modelplane/manifest"));

    CheckReport report = check(MAIN);

    assertEquals(List.of(".modelplane/manifest"), report.stale());
    assertEquals(List.of(), report.written());
    assertTrue(report.diff().startsWith("--- /dev/null\n+++ b/.modelplane/manifest\n"));
  }

  @Test
  void theCheckDiffIsAPatchThatGitApplyTurnsIntoTheGeneratedTree() throws Exception {
    assumeTrue(
        gitIsAvailable(),
        "git is not on PATH; the patch format is covered by the exact-diff tests");
    new OutputTree(out())
        .write(List.of(MAIN, GPU, new GeneratedFile("m/no-newline.md", "x")), false);
    List<GeneratedFile> wanted =
        List.of(MAIN_CHANGED, SHARED, new GeneratedFile("m/no-newline.md", "x\n"));
    Path patch = dir.resolve("stale.diff");
    Files.writeString(patch, new OutputTree(out()).check(wanted).diff());

    Process git =
        new ProcessBuilder("git", "apply", patch.toString())
            .directory(out().toFile())
            .redirectErrorStream(true)
            .start();
    String gitOutput =
        new String(git.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);

    assertEquals(0, git.waitFor(), gitOutput);
    assertEquals(List.of(), new OutputTree(out()).check(wanted).stale());
  }

  private static boolean gitIsAvailable() {
    try {
      return new ProcessBuilder("git", "--version").redirectErrorStream(true).start().waitFor()
          == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  @Test
  void checkStillFailsOnSomeoneElsesFile() throws IOException {
    someoneElsesMainTf();

    OutputConflictException e = assertThrows(OutputConflictException.class, () -> check(MAIN));

    assertEquals(
        List.of(new OutputConflict("ns/a/terraform/main.tf", OutputConflict.Kind.NOT_GENERATED)),
        e.conflicts());
  }
}
