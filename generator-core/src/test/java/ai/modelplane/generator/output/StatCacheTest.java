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
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stat cache: what a big tree's write records, when a recorded stat is trusted instead of the
 * bytes, and that distrust (a changed stat, a too-recent change, a damaged cache) always means
 * reading. Trees here count as big from one file on ({@code new OutputTree(root, 1)}).
 */
class StatCacheTest {
  static final GeneratedFile MAIN = OutputTreeTest.MAIN;
  static final GeneratedFile GPU = OutputTreeTest.GPU;
  static final GeneratedFile MAIN_CHANGED = OutputTreeTest.MAIN_CHANGED;

  @TempDir Path dir;

  Path out() {
    return dir.resolve("out");
  }

  OutputTree bigTree() {
    return new OutputTree(out(), 1);
  }

  Path cacheFile() {
    return out().resolve(StatCache.PATH);
  }

  /**
   * Moves the cache's own mtime ahead, as if it had been written long after every file last
   * changed.
   */
  void ageFilesBeforeCache() throws IOException {
    Files.setLastModifiedTime(
        cacheFile(), FileTime.from(System.currentTimeMillis() + 60_000, TimeUnit.MILLISECONDS));
  }

  static String line(Path file, String content) throws IOException {
    FileStat stat = FileStat.of(file);
    byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
    HexFormat hex = HexFormat.of();
    return stat.size()
        + " "
        + stat.modified()
        + " "
        + stat.changed()
        + " "
        + stat.device()
        + " "
        + stat.inode()
        + " "
        + hex.toHexDigits(Manifest.crc32(bytes))
        + " "
        + hex.toHexDigits(StatCache.crc32c(bytes))
        + " ";
  }

  List<String> cacheLines() throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(cacheFile()));
    lines.remove(0);
    return lines;
  }

  @Test
  void aFirstRunLeavesAnEmptyCacheTheNextRunRecordsWhatItReadWithTheGitignore() throws IOException {
    bigTree().write(List.of(MAIN, GPU), false);
    assertEquals(
        List.of(), cacheLines(), "a first run records nothing (files it wrote are too new anyway)");

    TreeReport report = bigTree().write(List.of(MAIN, GPU), false);

    assertEquals(
        List.of("ns/a/terraform/main.tf", "ns/a/terraform/pools/gpu.tf"), report.unchanged());
    Path main = out().resolve("ns/a/terraform/main.tf");
    Path gpu = out().resolve("ns/a/terraform/pools/gpu.tf");
    assertEquals(
        List.of(
            line(main, "a = 1\n") + "ns/a/terraform/main.tf",
            line(gpu, "gpu = true\n") + "ns/a/terraform/pools/gpu.tf"),
        cacheLines());
    assertTrue(Files.readAllLines(cacheFile()).get(0).matches("modelplane-stat-cache 1 [0-9]+"));
    assertEquals(
        "# modelplane's own bookkeeping for this checkout; only the manifest belongs in version control\n*\n!.gitignore\n!manifest\n",
        TreeSnapshot.read(out().resolve(".modelplane/.gitignore")));
    assertEquals(
        List.of(
            ".modelplane/",
            ".modelplane/.gitignore",
            ".modelplane/manifest",
            ".modelplane/stat-cache"),
        TreeSnapshot.of(out()).keySet().stream()
            .filter(path -> path.startsWith(".modelplane"))
            .toList());
  }

  @Test
  void aTrustedEntryStandsForTheBytesWithoutReadingThem() throws IOException {
    bigTree().write(List.of(MAIN), false);
    bigTree().write(List.of(MAIN), false);
    ageFilesBeforeCache();
    // Swap the entry's checksums for those of other bytes of the same size: a run that trusts the
    // entry takes the file for those bytes, which only a run that does not read it can do.
    Path main = out().resolve("ns/a/terraform/main.tf");
    String forged = line(main, "a = 2\n") + "ns/a/terraform/main.tf";
    FileTime cacheTime = Files.getLastModifiedTime(cacheFile());
    Files.writeString(cacheFile(), Files.readAllLines(cacheFile()).get(0) + "\n" + forged + "\n");
    Files.setLastModifiedTime(cacheFile(), cacheTime);

    TreeReport report = bigTree().write(List.of(MAIN_CHANGED), false);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.unchanged());
    assertEquals(List.of(), report.written());
    assertEquals("a = 1\n", TreeSnapshot.read(main));
  }

  @Test
  void anEntryForAFileChangedTooRecentlyIsNotTrusted() throws IOException {
    bigTree().write(List.of(MAIN), false);
    bigTree().write(List.of(MAIN), false);
    // The cache's own mtime says it was written just now, no earlier than SLACK after the file
    // changed.
    Path main = out().resolve("ns/a/terraform/main.tf");
    String forged = line(main, "a = 2\n") + "ns/a/terraform/main.tf";
    Files.writeString(cacheFile(), "modelplane-stat-cache 1 0\n" + forged + "\n");

    TreeReport report = bigTree().write(List.of(MAIN_CHANGED), false);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.written());
    assertEquals("a = 2\n", TreeSnapshot.read(main));
  }

  @Test
  void aHandEditThatKeepsSizeAndMtimeIsStillFound() throws IOException {
    bigTree().write(List.of(MAIN), false);
    bigTree().write(List.of(MAIN), false);
    ageFilesBeforeCache();
    Path main = out().resolve("ns/a/terraform/main.tf");
    FileTime mtime = Files.getLastModifiedTime(main);
    Files.writeString(main, "a = 9\n");
    Files.setLastModifiedTime(main, mtime);

    OutputConflictException e =
        assertThrows(OutputConflictException.class, () -> bigTree().write(List.of(MAIN), false));

    assertEquals(
        List.of(new OutputConflict("ns/a/terraform/main.tf", OutputConflict.Kind.EDITED)),
        e.conflicts());
  }

  @Test
  void aRunWhereTheCacheVouchesForEveryFileLeavesItAlone() throws IOException {
    bigTree().write(List.of(MAIN, GPU), false);
    bigTree().write(List.of(MAIN, GPU), false);
    ageFilesBeforeCache();
    SortedMap<String, String> before = TreeSnapshot.of(out());

    TreeReport report = bigTree().write(List.of(MAIN, GPU), false);

    assertEquals(2, report.unchanged().size());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aChangedFileLeavesTheCacheAndIsRecordedAgainOnceRead() throws IOException {
    bigTree().write(List.of(MAIN, GPU), false);
    bigTree().write(List.of(MAIN, GPU), false);
    ageFilesBeforeCache();

    bigTree().write(List.of(MAIN_CHANGED, GPU), false);
    Path gpu = out().resolve("ns/a/terraform/pools/gpu.tf");
    assertEquals(List.of(line(gpu, "gpu = true\n") + "ns/a/terraform/pools/gpu.tf"), cacheLines());

    bigTree().write(List.of(MAIN_CHANGED, GPU), false);
    Path main = out().resolve("ns/a/terraform/main.tf");
    assertEquals(
        List.of(
            line(main, "a = 2\n") + "ns/a/terraform/main.tf",
            line(gpu, "gpu = true\n") + "ns/a/terraform/pools/gpu.tf"),
        cacheLines());
  }

  @Test
  void aDamagedCacheIsIgnoredAndReplaced() throws IOException {
    bigTree().write(List.of(MAIN), false);
    Files.createDirectories(cacheFile().getParent());
    Files.writeString(cacheFile(), "modelplane-stat-cache 1 0\nnot a line\n");

    TreeReport report = bigTree().write(List.of(MAIN), false);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.unchanged());
    assertEquals(
        List.of(
            line(out().resolve("ns/a/terraform/main.tf"), "a = 1\n") + "ns/a/terraform/main.tf"),
        cacheLines());
  }

  @Test
  void checkModeNeverWritesTheCache() throws IOException {
    bigTree().write(List.of(MAIN), false);
    Files.delete(cacheFile());
    SortedMap<String, String> before = TreeSnapshot.of(out());

    CheckReport report = bigTree().check(List.of(MAIN));

    assertFalse(report.isStale());
    assertEquals(before, TreeSnapshot.of(out()));
    assertFalse(Files.exists(cacheFile()));
  }

  @Test
  void withoutACacheARunRecordsNothingAndLeavesAnEmptyOne() throws IOException {
    bigTree().write(List.of(MAIN), false);
    bigTree().write(List.of(MAIN), false);
    Files.delete(cacheFile());

    TreeReport report = bigTree().write(List.of(MAIN), false);

    assertEquals(List.of("ns/a/terraform/main.tf"), report.unchanged());
    assertEquals(List.of(), cacheLines());
  }

  @Test
  void smallTreesKeepNoCacheButStillTheGitignore() throws IOException {
    new OutputTree(out()).write(List.of(MAIN), false);
    new OutputTree(out()).write(List.of(MAIN), false);

    assertEquals(
        List.of(".modelplane/", ".modelplane/.gitignore", ".modelplane/manifest"),
        TreeSnapshot.of(out()).keySet().stream()
            .filter(path -> path.startsWith(".modelplane"))
            .toList());
  }

  @Test
  void parsesOnlyWhatItWrites() {
    String entry = "6 1 2 3 4 af2fda68 0000abcd ns/a/main.tf\n";
    assertEquals(1, StatCache.parse("modelplane-stat-cache 1 5\n" + entry, 0).size());
    assertEquals(0, StatCache.parse("modelplane-stat-cache 2 5\n" + entry, 0).size());
    assertEquals(
        0,
        StatCache.parse("modelplane-stat-cache 1 5\n" + entry.replace("ns/a", "../a"), 0).size());
    assertEquals(
        0,
        StatCache.parse("modelplane-stat-cache 1 5\n" + entry + entry, 0).size(),
        "paths must be sorted and unique");
    assertThrows(
        NumberFormatException.class,
        () -> StatCache.parse("modelplane-stat-cache 1 5\n" + entry.replace("6 1", "x 1"), 0));
    assertThrows(
        NumberFormatException.class,
        () ->
            StatCache.parse("modelplane-stat-cache 1 5\n" + entry.replace("0000abcd", "abcd"), 0));
  }
}
