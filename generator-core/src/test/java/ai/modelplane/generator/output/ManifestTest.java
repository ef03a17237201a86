package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ManifestTest {
  @Test
  void fingerprintsAreZlibCrc32AndSize() {
    assertEquals(
        OutputTreeTest.A1_HASH, Manifest.fingerprint("a = 1\n".getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void writesSortedSha256sumLinesAndReadsThemBack() throws InvalidManifestException {
    Manifest manifest =
        new Manifest(
            new TreeMap<>(
                Map.of("b/x.tf", OutputTreeTest.A1_HASH, "a.tf", OutputTreeTest.GPU_HASH)));
    String text = new String(manifest.toBytes(), StandardCharsets.UTF_8);

    assertEquals(
        OutputTreeTest.GPU_HASH + "  a.tf\n" + OutputTreeTest.A1_HASH + "  b/x.tf\n", text);
    assertEquals(manifest, Manifest.parse(manifest.toBytes(), "m"));
  }

  @Test
  void readsNoEntriesFromAnEmptyManifest() throws InvalidManifestException {
    assertEquals(Manifest.empty(), Manifest.parse(new byte[0], "m"));
  }

  @Test
  void rejectsLinesThatAreNotHashAndSafePath() {
    assertEquals(
        "m:2: expected '<crc32>  <size>  <relative path>', found 'nonsense'",
        assertThrows(
                InvalidManifestException.class,
                () ->
                    Manifest.parse(
                        (OutputTreeTest.A1_HASH + "  a.tf\nnonsense\n")
                            .getBytes(StandardCharsets.UTF_8),
                        "m"))
            .getMessage());
    assertEquals(
        "m:1: expected '<crc32>  <size>  <relative path>', found '"
            + OutputTreeTest.A1_HASH
            + "  /etc/passwd'",
        assertThrows(
                InvalidManifestException.class,
                () ->
                    Manifest.parse(
                        (OutputTreeTest.A1_HASH + "  /etc/passwd\n")
                            .getBytes(StandardCharsets.UTF_8),
                        "m"))
            .getMessage());
    assertEquals(
        "m:2: a.tf is listed twice",
        assertThrows(
                InvalidManifestException.class,
                () ->
                    Manifest.parse(
                        (OutputTreeTest.A1_HASH + "  a.tf\n" + OutputTreeTest.A1_HASH + "  a.tf\n")
                            .getBytes(StandardCharsets.UTF_8),
                        "m"))
            .getMessage());
  }

  @Test
  void readsAManifestOutOfOrderAsTheSameFiles() throws InvalidManifestException {
    Manifest written =
        new Manifest(
            new TreeMap<>(
                Map.of("a.tf", OutputTreeTest.GPU_HASH, "b/x.tf", OutputTreeTest.A1_HASH)));
    Manifest shuffled =
        Manifest.parse(
            (OutputTreeTest.A1_HASH + "  b/x.tf\n" + OutputTreeTest.GPU_HASH + "  a.tf\n")
                .getBytes(StandardCharsets.UTF_8),
            "m");

    assertEquals(written, shuffled);
    assertEquals(List.of("a.tf", "b/x.tf"), shuffled.paths());
    assertEquals(Optional.of(OutputTreeTest.A1_HASH), shuffled.recorded("b/x.tf"));
    assertEquals(
        "m:3: a.tf is listed twice",
        assertThrows(
                InvalidManifestException.class,
                () ->
                    Manifest.parse(
                        (OutputTreeTest.GPU_HASH
                                + "  b.tf\n"
                                + OutputTreeTest.GPU_HASH
                                + "  a.tf\n"
                                + OutputTreeTest.A1_HASH
                                + "  a.tf\n")
                            .getBytes(StandardCharsets.UTF_8),
                        "m"))
            .getMessage());
  }

  @Test
  void keepsPathsInStringOrderWhateverTheMapsOrder() {
    TreeMap<String, String> reversed = new TreeMap<>(java.util.Comparator.reverseOrder());
    reversed.putAll(Map.of("a.tf", OutputTreeTest.GPU_HASH, "b/x.tf", OutputTreeTest.A1_HASH));
    Manifest manifest = new Manifest(reversed);

    assertEquals(List.of("a.tf", "b/x.tf"), manifest.paths());
    assertEquals(Optional.of(OutputTreeTest.GPU_HASH), manifest.recorded("a.tf"));
  }

  @Test
  void buildsFromSortedPathsOnly() {
    assertEquals(
        List.of("a", "b"), Manifest.ofSorted(List.of("a", "b"), List.of("1", "2")).paths());
    assertThrows(
        IllegalArgumentException.class,
        () -> Manifest.ofSorted(List.of("b", "a"), List.of("1", "2")));
    assertThrows(
        IllegalArgumentException.class,
        () -> Manifest.ofSorted(List.of("a", "a"), List.of("1", "2")));
  }

  @Test
  void acceptsExactlyTheLineShape() throws InvalidManifestException {
    assertEquals(
        " a.tf",
        Manifest.parse("af2fda68  0   a.tf\n".getBytes(StandardCharsets.UTF_8), "m")
            .fingerprints()
            .firstKey());
    assertEquals(
        "af2fda68  4294967295",
        Manifest.parse("af2fda68  4294967295  a.tf\n".getBytes(StandardCharsets.UTF_8), "m")
            .fingerprints()
            .get("a.tf"));
    for (String line :
        List.of(
            "af2fda68  06  a.tf",
            "af2fda68  12345678901  a.tf",
            "AF2FDA68  6  a.tf",
            "af2fda6  6  a.tf",
            "af2fda68 6  a.tf",
            "af2fda68  6 a.tf",
            "af2fda68  6  ",
            "af2fda68  6  a\u2028.tf",
            "af2fda68  -6  a.tf")) {
      assertEquals(
          "m:1: expected '<crc32>  <size>  <relative path>', found '" + line + "'",
          assertThrows(
                  InvalidManifestException.class,
                  () -> Manifest.parse((line + "\n").getBytes(StandardCharsets.UTF_8), "m"))
              .getMessage());
    }
  }
}
