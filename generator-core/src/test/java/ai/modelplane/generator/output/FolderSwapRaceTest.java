package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The race of bench/attack-races.sh, made deterministic: a cluster folder the run creates is
 * swapped for a link to an outside folder just after its first file lands. A writer that trusted
 * its check of the new folder (it had just made it) renamed the folder's other files through the
 * link and reported success; this one refuses, and nothing appears outside the tree.
 */
class FolderSwapRaceTest {
  @TempDir Path dir;

  @Test
  void aNewFolderSwappedForALinkAfterItsFirstFileSendsNothingOutside() throws IOException {
    Path out = dir.resolve("out");
    new OutputTree(out).write(List.of(OwnershipTest.MAIN), false);
    // What an attacker prepares: the folders the writer will look for, empty.
    Path victim = Files.createDirectories(dir.resolve("victim/terraform"));
    Path aside = dir.resolve("aside");
    Transaction.Moves swapping =
        new Transaction.Moves.Atomic() {
          boolean swapped;

          @Override
          public void move(HeldFolder from, String fromName, HeldFolder to, String toName)
              throws IOException {
            super.move(from, fromName, to, toName);
            if (!swapped && to.path().equals(out.resolve("ns/b/terraform"))) {
              swapped = true;
              Files.move(out.resolve("ns/b"), aside);
              Files.createSymbolicLink(out.resolve("ns/b"), victim.getParent());
            }
          }
        };
    List<GeneratedFile> cluster =
        List.of(
            new GeneratedFile("ns/b/terraform/main.tf", "main = 1\n"),
            new GeneratedFile("ns/b/terraform/outputs.tf", "outputs = 1\n"),
            new GeneratedFile("ns/b/terraform/providers.tf", "providers = 1\n"),
            new GeneratedFile("ns/b/terraform/terraform.tf", "terraform = 1\n"));

    assertThrows(
        IOException.class,
        () ->
            new OutputTree(out, OutputTree.STAT_CACHE_THRESHOLD, swapping)
                .write(
                    List.of(
                        OwnershipTest.MAIN,
                        cluster.get(0),
                        cluster.get(1),
                        cluster.get(2),
                        cluster.get(3)),
                    false));

    assertTrue(Files.isSymbolicLink(out.resolve("ns/b")), "the swap happened");
    assertEquals(List.of("terraform/"), List.copyOf(TreeSnapshot.of(victim.getParent()).keySet()));
  }
}
