package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.GeneratedFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generator acts only on files it owns, through real folders: neither a symbolic link inside
 * the output folder nor a forged journal makes it write or delete anything else.
 */
class OwnershipTest {
  static final GeneratedFile MAIN = OutputTreeTest.MAIN;
  static final GeneratedFile GPU = OutputTreeTest.GPU;
  static final GeneratedFile MAIN_CHANGED = OutputTreeTest.MAIN_CHANGED;
  static final GeneratedFile SHARED = OutputTreeTest.SHARED;

  @TempDir Path dir;

  Path out() {
    return dir.resolve("out");
  }

  Path victim() throws IOException {
    Path victim = Files.createDirectories(dir.resolve("victim"));
    Files.writeString(victim.resolve("id_rsa"), "secret\n");
    return victim;
  }

  @Test
  void aLegacyCreationJournalIsIgnoredAndDeleted() throws IOException {
    new OutputTree(out()).write(List.of(MAIN), false);
    Path victim = victim();
    Files.createDirectories(out().resolve("notes"));
    Files.writeString(out().resolve("notes/todo.md"), "mine\n");
    Files.createSymbolicLink(out().resolve("lnk"), victim);
    Files.writeString(out().resolve(".modelplane/creating"), "lnk/id_rsa\nnotes/todo.md\n");

    TreeReport report = new OutputTree(out()).write(List.of(MAIN), false);

    assertEquals(List.of(), report.removed());
    assertEquals("secret\n", TreeSnapshot.read(victim.resolve("id_rsa")));
    assertEquals("mine\n", TreeSnapshot.read(out().resolve("notes/todo.md")));
    assertFalse(Files.exists(out().resolve(".modelplane/creating")));
  }

  @Test
  void aForgedTransactionJournalDeletesNothingItDidNotPutThere() throws IOException {
    new OutputTree(out()).write(List.of(MAIN), false);
    Path victim = victim();
    Files.createDirectories(out().resolve("notes"));
    Files.writeString(out().resolve("notes/todo.md"), "mine\n");
    Files.createSymbolicLink(out().resolve("lnk"), victim);
    // Right fingerprint, but through a link; a made-up fingerprint for a file of the tree.
    String idRsa = Manifest.fingerprint("secret\n".getBytes()).replace("  ", ":");
    Files.writeString(
        out().resolve(Transaction.JOURNAL),
        "modelplane-transaction 1\ncreate - "
            + idRsa
            + " lnk/id_rsa\ncreate - 01234567:5 notes/todo.md\nremove 01234567:5 - notes/todo.md\n");

    WriteReport report = new OutputTree(out()).write(List.of(MAIN), false);

    assertEquals(TreeReport.Recovery.ROLLED_BACK, report.recovery());
    assertEquals("secret\n", TreeSnapshot.read(victim.resolve("id_rsa")));
    assertEquals("mine\n", TreeSnapshot.read(out().resolve("notes/todo.md")));
    assertFalse(Files.exists(out().resolve(Transaction.JOURNAL)));
  }

  @Test
  void aSymlinkedFolderBeforeTheFirstRunIsAConflictAndNothingIsWrittenThroughIt()
      throws IOException {
    Path victim = victim();
    Files.createDirectories(out());
    Files.createSymbolicLink(out().resolve("modules"), victim);

    OutputConflictException e =
        assertThrows(
            OutputConflictException.class,
            () -> new OutputTree(out()).write(List.of(SHARED, MAIN), false));

    assertEquals(
        List.of(new OutputConflict("modules", OutputConflict.Kind.SYMLINK)), e.conflicts());
    assertEquals(List.of("id_rsa"), List.copyOf(TreeSnapshot.of(victim).keySet()));
    assertFalse(Files.exists(out().resolve(Manifest.PATH)));
    assertFalse(Files.exists(out().resolve("ns")));
  }

  @Test
  void aManifestEntryBehindASymlinkedFolderIsNeverRemovedEvenWhenForced() throws IOException {
    Path victim = victim();
    Files.writeString(victim.resolve("keep.conf"), "keep\n");
    new OutputTree(out()).write(List.of(MAIN), false);
    Files.createSymbolicLink(out().resolve("evil"), victim);
    Files.writeString(
        out().resolve(Manifest.PATH),
        Manifest.fingerprint("keep\n".getBytes())
            + "  evil/keep.conf\n"
            + OutputTreeTest.A1_HASH
            + "  ns/a/terraform/main.tf\n");
    SortedMap<String, String> before = TreeSnapshot.of(out());

    for (boolean force : new boolean[] {false, true}) {
      OutputConflictException e =
          assertThrows(
              OutputConflictException.class,
              () -> new OutputTree(out()).write(List.of(MAIN), force));
      assertEquals(List.of(new OutputConflict("evil", OutputConflict.Kind.SYMLINK)), e.conflicts());
    }

    assertEquals("keep\n", TreeSnapshot.read(victim.resolve("keep.conf")));
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aGeneratedFileReplacedByASymlinkIsAConflictAndItsTargetStays() throws IOException {
    Path victim = victim();
    new OutputTree(out()).write(List.of(MAIN), false);
    Files.delete(out().resolve(MAIN.relativePath()));
    Files.createSymbolicLink(out().resolve(MAIN.relativePath()), victim.resolve("id_rsa"));

    for (boolean force : new boolean[] {false, true}) {
      OutputConflictException e =
          assertThrows(
              OutputConflictException.class,
              () -> new OutputTree(out()).write(List.of(MAIN_CHANGED), force));
      assertEquals(
          List.of(new OutputConflict(MAIN.relativePath(), OutputConflict.Kind.SYMLINK)),
          e.conflicts());
    }
    assertThrows(
        OutputConflictException.class, () -> new OutputTree(out()).check(List.of(MAIN_CHANGED)));

    assertEquals("secret\n", TreeSnapshot.read(victim.resolve("id_rsa")));
    assertTrue(Files.isSymbolicLink(out().resolve(MAIN.relativePath())));
  }

  @Test
  void aSymlinkedBookkeepingFolderIsRefused() throws IOException {
    Path victim = victim();
    Files.createDirectories(out());
    Files.createSymbolicLink(out().resolve(".modelplane"), victim);

    IOException e =
        assertThrows(IOException.class, () -> new OutputTree(out()).write(List.of(MAIN), false));

    assertEquals(
        out().resolve(".modelplane")
            + ": is a symbolic link; modelplane keeps its bookkeeping only in a real folder",
        e.getMessage());
    assertEquals(List.of("id_rsa"), List.copyOf(TreeSnapshot.of(victim).keySet()));
  }

  @Test
  void aSymlinkPlantedBetweenPlanningAndWritingStopsTheWriteAndUndoesIt() throws IOException {
    Path victim = victim();
    Files.createDirectories(victim.resolve("terraform"));
    Files.writeString(victim.resolve("terraform/main.tf"), MAIN.content());
    new OutputTree(out()).write(List.of(MAIN), false);
    SortedMap<String, String> before = TreeSnapshot.of(out());
    SortedMap<String, String> victimBefore = TreeSnapshot.of(victim);
    Path moved = dir.resolve("moved");
    // The journal's move is the first; just after it, ns/a becomes a link to the victim.
    Transaction.Moves planting =
        new Transaction.Moves() {
          boolean planted;

          @Override
          public void move(Path from, Path to) throws IOException {
            Transaction.Moves.ATOMIC.move(from, to);
            if (!planted) {
              planted = true;
              Files.move(out().resolve("ns/a"), moved);
              Files.createSymbolicLink(out().resolve("ns/a"), victim);
            }
          }
        };

    IOException e =
        assertThrows(
            IOException.class,
            () ->
                new OutputTree(out(), OutputTree.STAT_CACHE_THRESHOLD, planting)
                    .write(List.of(MAIN_CHANGED), false));

    assertEquals(
        "cannot write "
            + out()
            + "/ns/a/terraform/main.tf: "
            + out()
            + "/ns/a: is a symbolic link; modelplane never writes or deletes through one; nothing was changed",
        e.getMessage());
    assertEquals(victimBefore, TreeSnapshot.of(victim));
    Files.delete(out().resolve("ns/a"));
    Files.move(moved, out().resolve("ns/a"));
    assertEquals(before, TreeSnapshot.of(out()));
  }

  /**
   * Two files of one folder change; just after the first lands, the folder becomes a link to the
   * victim. Folder checks cached from before the swap sent the second file through the link; the
   * writer now renames relative to the folder it holds open, so the link is never followed.
   */
  @Test
  void aFolderSwappedForALinkBetweenTwoRenamesSendsNothingOutside() throws IOException {
    Path victim = victim();
    GeneratedFile one = new GeneratedFile("ns/a/terraform/one.tf", "one = 1\n");
    GeneratedFile two = new GeneratedFile("ns/a/terraform/two.tf", "two = 1\n");
    new OutputTree(out()).write(List.of(one, two), false);
    Path moved = dir.resolve("moved");
    Transaction.Moves swapping =
        new Transaction.Moves.Atomic() {
          boolean swapped;

          @Override
          public void move(HeldFolder from, String fromName, HeldFolder to, String toName)
              throws IOException {
            super.move(from, fromName, to, toName);
            if (!swapped && to.path().endsWith("terraform")) {
              swapped = true;
              Files.move(out().resolve("ns/a/terraform"), moved);
              Files.createSymbolicLink(out().resolve("ns/a/terraform"), victim);
            }
          }
        };

    assertThrows(
        IOException.class,
        () ->
            new OutputTree(out(), OutputTree.STAT_CACHE_THRESHOLD, swapping)
                .write(
                    List.of(
                        new GeneratedFile(one.relativePath(), "one = 2\n"),
                        new GeneratedFile(two.relativePath(), "two = 2\n")),
                    false));

    assertEquals(List.of("id_rsa"), List.copyOf(TreeSnapshot.of(victim).keySet()));
  }

  @Test
  void aHardLinkAtTheLockIsRefusedAndTheLinkedFileKeepsItsBytes() throws IOException {
    new OutputTree(out()).write(List.of(MAIN), false);
    Path victim = victim();
    Files.delete(out().resolve(TreeLock.PATH));
    Files.createLink(out().resolve(TreeLock.PATH), victim.resolve("id_rsa"));

    IOException e =
        assertThrows(IOException.class, () -> new OutputTree(out()).write(List.of(GPU), false));

    assertTrue(e.getMessage().contains(": is a hard link"), e.getMessage());
    assertEquals("secret\n", TreeSnapshot.read(victim.resolve("id_rsa")));
    assertEquals(MAIN.content(), TreeSnapshot.read(out().resolve(MAIN.relativePath())));
  }

  /** A journal and staged file put there by someone else would plant bytes at a path. */
  private void forgeRestore(String path, String token, String staged, String stagedBytes)
      throws IOException {
    String fingerprint = Manifest.fingerprint(stagedBytes.getBytes()).replace("  ", ":");
    Files.createDirectories(out().resolve(Transaction.STAGED));
    Files.writeString(out().resolve(Transaction.STAGED).resolve(staged), stagedBytes);
    Files.writeString(
        out().resolve(Transaction.JOURNAL),
        "modelplane-transaction 1\n"
            + (token.isEmpty() ? "" : "token " + token + "\n")
            + "remove "
            + fingerprint
            + " - "
            + path
            + "\n");
  }

  @Test
  void aForgedJournalCannotRestoreAPathTheManifestNeverListed() throws IOException {
    new OutputTree(out()).write(List.of(MAIN), false);
    SortedMap<String, String> before = TreeSnapshot.of(out());
    forgeRestore("ns/a/terraform/backend.tf", "", "0.old", "planted\n");

    IOException e =
        assertThrows(IOException.class, () -> new OutputTree(out()).write(List.of(MAIN), false));

    assertTrue(e.getMessage().contains("will not undo the interrupted run"), e.getMessage());
    assertTrue(e.getMessage().contains("ns/a/terraform/backend.tf, which"), e.getMessage());
    assertFalse(Files.exists(out().resolve("ns/a/terraform/backend.tf")));
    Files.delete(out().resolve(Transaction.JOURNAL));
    Files.delete(out().resolve(Transaction.STAGED).resolve("0.old"));
    Files.delete(out().resolve(Transaction.STAGED));
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aForgedStagedFileIsNotRestoredEvenAtAnOwnedPath() throws IOException {
    new OutputTree(out()).write(List.of(MAIN, GPU), false);
    Files.delete(out().resolve(GPU.relativePath()));
    // The journal names an owned path, but the staged file holds other bytes than it records.
    String token = "0123456789abcdef";
    forgeRestore(GPU.relativePath(), token, token + "-0.old", "planted\n");
    Files.writeString(out().resolve(Transaction.STAGED).resolve(token + "-0.old"), "other bytes\n");

    IOException e =
        assertThrows(IOException.class, () -> new OutputTree(out()).write(List.of(MAIN), false));

    assertTrue(e.getMessage().contains("does not hold the bytes the journal"), e.getMessage());
    assertFalse(Files.exists(out().resolve(GPU.relativePath())));

    // A hard link to a file elsewhere, with the right bytes, is refused too.
    Path victim = victim();
    Files.delete(out().resolve(Transaction.STAGED).resolve(token + "-0.old"));
    Files.writeString(victim.resolve("planted"), "planted\n");
    Files.createLink(
        out().resolve(Transaction.STAGED).resolve(token + "-0.old"), victim.resolve("planted"));

    IOException linked =
        assertThrows(IOException.class, () -> new OutputTree(out()).write(List.of(MAIN), false));

    assertTrue(linked.getMessage().contains("is a hard link"), linked.getMessage());
    assertFalse(Files.exists(out().resolve(GPU.relativePath())));
  }

  @Test
  void anOversizedManifestIsRefusedFromItsSizeWithoutReadingIt() throws IOException {
    new OutputTree(out()).write(List.of(MAIN), false);
    try (java.io.RandomAccessFile manifest =
        new java.io.RandomAccessFile(out().resolve(Manifest.PATH).toFile(), "rw")) {
      manifest.setLength(Caps.MANIFEST + 1); // sparse: no memory, no disk
    }

    IOException e = assertThrows(IOException.class, () -> new OutputTree(out()).recordedFiles());

    assertTrue(e.getMessage().contains("more than modelplane reads"), e.getMessage());
    assertThrows(IOException.class, () -> new OutputTree(out()).write(List.of(MAIN), false));
  }
}
