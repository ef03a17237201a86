package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.output.TreeScan.Found;
import ai.modelplane.generator.output.TreeScan.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The change set is decided from a scan alone: no tree on disk is needed to test it. */
class ChangeSetTest {
  static final WantedFile MAIN = WantedFile.of("a/main.tf", "a = 1\n");
  static final WantedFile GPU = WantedFile.of("a/gpu.tf", "gpu = 1\n");

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static TreeScan scan(Manifest previous, List<Found> found) {
    return new TreeScan(
        Optional.of(previous.toBytes()), previous, found, List.of(), List.of(), List.of(), null);
  }

  @Test
  void otherBytesAtAnUnlistedPlaceAreSomeoneElsesAndBlockEvenWhenForced() {
    ChangeSet changes =
        ChangeSet.of(
            List.of(GPU, MAIN),
            scan(
                Manifest.ofSorted(List.of("a/gpu.tf"), List.of(GPU.fingerprint())),
                List.of(Found.same(null, 0, false), Found.different(utf8("theirs\n")))));

    assertEquals(
        List.of(new OutputConflict("a/main.tf", OutputConflict.Kind.NOT_GENERATED)),
        changes.blocking(true));
    assertEquals(List.of(), changes.writtenPaths());
    assertEquals(List.of("a/gpu.tf"), changes.unchanged());
  }

  @Test
  void aHandEditBlocksUnlessAllowedAndIsThenWrittenAndReported() throws IOException {
    byte[] generated = utf8("a = 0\n");
    Manifest previous =
        Manifest.ofSorted(List.of("a/main.tf"), List.of(Manifest.fingerprint(generated)));

    ChangeSet changes =
        ChangeSet.of(List.of(MAIN), scan(previous, List.of(Found.different(utf8("a = 9\n")))));

    assertThrows(OutputConflictException.class, () -> changes.failOnConflicts("out", false));
    changes.failOnConflicts("out", true);
    assertEquals(List.of("a/main.tf"), changes.writtenPaths());
    assertEquals(List.of("a/main.tf"), changes.editedByHand());
    assertTrue(changes.manifestChanges());
  }

  @Test
  void anUpToDateTreeChangesNothing() {
    Manifest previous = Manifest.ofSorted(List.of("a/main.tf"), List.of(MAIN.fingerprint()));

    ChangeSet changes =
        ChangeSet.of(List.of(MAIN), scan(previous, List.of(Found.same(null, 0, false))));

    assertTrue(changes.isEmpty());
    assertFalse(CheckDiff.report(changes, List.of()).isStale());
  }

  @Test
  void aLinkInTheWayIsReportedAtTheLink() {
    ChangeSet changes =
        ChangeSet.of(
            List.of(MAIN), scan(Manifest.empty(), List.of(Found.blocked(Kind.SYMLINK, "a"))));

    assertEquals(
        List.of(new OutputConflict("a", OutputConflict.Kind.SYMLINK)), changes.blocking(true));
  }
}
