package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.Generator;
import ai.modelplane.generator.Modelplane;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code modelplane generate} against a hostile tree and careless inputs, as the attacks that found
 * them ran it: the generator never touches what it does not own.
 */
class GenerateSafetyTest {
  @TempDir Path dir;
  Path input;
  Path out;
  Path victim;
  final StringWriter stdout = new StringWriter();
  final StringWriter stderr = new StringWriter();

  @BeforeEach
  void setUp() throws IOException {
    input = dir.resolve("team.yaml");
    out = dir.resolve("out");
    Files.writeString(input, GenerateCommandTest.CLUSTERS);
    victim = Files.createDirectories(dir.resolve("victim"));
    Files.writeString(victim.resolve("id_rsa"), "secret\n");
  }

  int generate(String... args) {
    stdout.getBuffer().setLength(0);
    stderr.getBuffer().setLength(0);
    List<String> all =
        new ArrayList<>(List.of("generate", "--target", "terraform", "--out", out.toString()));
    all.addAll(List.of(args));
    CommandLine.IFactory factory =
        new CommandLine.IFactory() {
          @Override
          public <K> K create(Class<K> type) throws Exception {
            return type == GenerateCommand.class
                ? type.cast(
                    new GenerateCommand(
                        new Modelplane(
                            new Generator(
                                target -> Optional.of(new GenerateCommandTest.StubRenderer(target)),
                                GenerateCommandTest.STUB_PLAN))))
                : CommandLine.defaultFactory().create(type);
          }
        };
    return ModelplaneCommand.run(
        all.toArray(String[]::new),
        new PrintWriter(stdout, true),
        new PrintWriter(stderr, true),
        factory);
  }

  /** Every file below {@code root} with its bytes, without the lock. */
  static SortedMap<String, String> files(Path root) throws IOException {
    SortedMap<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.filter(Files::isRegularFile).toList()) {
        String relative = root.relativize(path).toString();
        if (!relative.equals(".modelplane/lock")) {
          files.put(relative, Files.readString(path, StandardCharsets.UTF_8));
        }
      }
    }
    return files;
  }

  @Test
  void aForgedCreationJournalRemovesNothing() throws IOException {
    assertEquals(0, generate(input.toString()));
    Files.createDirectories(out.resolve("notes"));
    Files.writeString(out.resolve("notes/todo.md"), "mine\n");
    Files.createSymbolicLink(out.resolve("lnk"), victim);
    Files.writeString(out.resolve(".modelplane/creating"), "lnk/id_rsa\nnotes/todo.md\n");

    assertEquals(0, generate(input.toString()), stderr.toString());

    assertEquals(
        "2 AKSCluster(s) generated into " + out + ": 0 file(s) written, 5 unchanged, 0 removed\n",
        stdout.toString());
    assertEquals("secret\n", Files.readString(victim.resolve("id_rsa")));
    assertEquals("mine\n", Files.readString(out.resolve("notes/todo.md")));
  }

  @Test
  void everyTreeGetsTheGitignoreThatKeepsBookkeepingOutOfGit() throws IOException {
    assertEquals(0, generate(input.toString()));

    assertEquals(
        "# modelplane's own bookkeeping for this checkout; only the manifest belongs in version control\n*\n!.gitignore\n!manifest\n",
        Files.readString(out.resolve(".modelplane/.gitignore")));
  }

  @Test
  void aSymlinkedModulesFolderBeforeTheFirstRunIsRefused() throws IOException {
    Files.createDirectories(out);
    Files.createSymbolicLink(out.resolve("modules"), victim);

    assertEquals(1, generate(input.toString()));

    assertEquals(
        "modelplane: "
            + out
            + "/modules: is a symbolic link; modelplane never writes or removes files through one: replace it with a real folder, or choose another output folder\n"
            + "modelplane: nothing was written\n",
        stderr.toString());
    assertEquals(List.of("id_rsa"), List.copyOf(files(victim).keySet()));
    assertFalse(Files.exists(out.resolve(".modelplane/manifest")));
  }

  @Test
  void aManifestEntryThroughASymlinkIsNeverRemovedEvenWithForce() throws IOException {
    Files.writeString(victim.resolve("keep.conf"), "keep\n");
    assertEquals(0, generate(input.toString()));
    Files.createSymbolicLink(out.resolve("evil"), victim);
    Path manifest = out.resolve(".modelplane/manifest");
    // crc32 of "keep\n", as zlib computes it
    Files.writeString(manifest, "a5ce2f53  5  evil/keep.conf\n" + Files.readString(manifest));
    SortedMap<String, String> before = files(out);

    assertEquals(1, generate(input.toString()));
    assertEquals(1, generate("--force", input.toString()));

    assertTrue(
        stderr.toString().startsWith("modelplane: " + out + "/evil: is a symbolic link;"),
        stderr.toString());
    assertEquals("keep\n", Files.readString(victim.resolve("keep.conf")));
    assertEquals(before, files(out));
  }

  @Test
  void noClusterInAnEmptyFolderIsAnErrorAndRemovesNothing() throws IOException {
    assertEquals(0, generate(input.toString()));
    SortedMap<String, String> before = files(out);
    Path empty = Files.createDirectories(dir.resolve("mistyped"));

    assertEquals(1, generate(empty.toString()));
    assertEquals(
        "modelplane: no AKSCluster found in "
            + empty
            + " (0 file(s) read); nothing was written or removed; "
            + "to remove every generated file from "
            + out
            + " on purpose, run again with --allow-empty\n",
        stderr.toString());
    assertEquals(1, generate("--check", empty.toString()));

    assertEquals(before, files(out));
  }

  @Test
  void aFolderOfHelmValuesIsNoClusterEither() throws IOException {
    assertEquals(0, generate(input.toString()));
    SortedMap<String, String> before = files(out);
    Path helm = Files.createDirectories(dir.resolve("helm"));
    Files.writeString(
        helm.resolve("values.yaml"), "replicaCount: 2\nimage:\n  repository: nginx\n");

    assertEquals(1, generate(helm.toString()));

    assertTrue(
        stderr.toString().contains("no AKSCluster found in " + helm + " (1 file(s) read)"),
        stderr.toString());
    assertEquals(before, files(out));
  }

  @Test
  void allowEmptyRemovesEveryGeneratedFileOnPurpose() throws IOException {
    assertEquals(0, generate(input.toString()));
    Path empty = Files.createDirectories(dir.resolve("empty"));

    assertEquals(2, generate("--check", "--allow-empty", empty.toString()));
    assertEquals(0, generate("--allow-empty", empty.toString()), stderr.toString());

    // The test renderer writes its shared module even for no cluster.
    assertEquals(
        "0 AKSCluster(s) generated into " + out + ": 0 file(s) written, 1 unchanged, 4 removed\n",
        stdout.toString());
    assertEquals(
        List.of(".modelplane/.gitignore", ".modelplane/manifest", "modules/terraform/README.md"),
        List.copyOf(files(out).keySet()));
  }

  @Test
  void aFailedFirstRunLeavesNoOutputFolder() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));

    assertEquals(1, generate(empty.toString()));

    assertFalse(Files.exists(out));
  }

  @Test
  void aRemovalThatFailsUndoesEveryRemovalBeforeIt() throws Exception {
    Files.writeString(
        input,
        GenerateCommandTest.CLUSTERS.replace(
            "      vmSize: Standard_D4s_v5\n---",
            "      vmSize: Standard_D4s_v5\n    - name: user\n      role: System\n      vmSize: Standard_D8s_v5\n---"));
    assertEquals(0, generate(input.toString()), stderr.toString());
    assertTrue(Files.exists(out.resolve("team/alpha/terraform/pool-user.tf")));
    Files.writeString(
        input,
        GenerateCommandTest.CLUSTERS.substring(0, GenerateCommandTest.CLUSTERS.indexOf("---")));
    SortedMap<String, String> before = files(out);
    // Removed in path order: alpha's user pool, beta's main.tf, then beta's pool, which is
    // immutable:
    // not even root can rename it.
    Path immutable = out.resolve("team/beta/terraform/pool-system.tf");
    assumeTrue(
        chattr("+i", immutable), "needs chattr and a file system with the immutable attribute");
    try {
      assertEquals(1, generate(input.toString()));

      assertTrue(
          stderr.toString().startsWith("modelplane: cannot remove " + immutable + ": "),
          stderr.toString());
      assertTrue(stderr.toString().endsWith("; nothing was changed\n"), stderr.toString());
      assertEquals(before, files(out));
    } finally {
      chattr("-i", immutable);
    }
    assertEquals(0, generate(input.toString()), stderr.toString());
    assertEquals(
        "1 AKSCluster(s) generated into " + out + ": 0 file(s) written, 3 unchanged, 3 removed\n",
        stdout.toString());
  }

  private static boolean chattr(String change, Path file) {
    try {
      Process process =
          new ProcessBuilder("chattr", change, file.toString()).redirectErrorStream(true).start();
      return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Test
  void checkReportsWhatAnInterruptedRunLeftAndTheNextRunCleansItUp() throws IOException {
    assertEquals(0, generate(input.toString()));
    Files.writeString(out.resolve(".modelplane/.manifest.4242.modelplane-tmp"), "half");

    assertEquals(2, generate("--check", input.toString()));
    assertEquals(
        out
            + " is stale: an interrupted run left .modelplane/.manifest.4242.modelplane-tmp (generate finishes or undoes it first); "
            + "run 'modelplane generate' without --check to update it\n",
        stderr.toString());
    assertEquals(0, generate(input.toString()));
    assertEquals(0, generate("--check", input.toString()));
    assertFalse(Files.exists(out.resolve(".modelplane/.manifest.4242.modelplane-tmp")));
  }

  @Test
  void theLockOfAnotherRunNamesItAndNothingIsWritten() throws Exception {
    assertEquals(0, generate(input.toString()));
    SortedMap<String, String> before = files(out);
    ai.modelplane.generator.output.OutputTree tree =
        new ai.modelplane.generator.output.OutputTree(out);
    try (ai.modelplane.generator.output.OutputTree.Lock lock = tree.lock()) {
      assertEquals(1, generate(input.toString()));
    }
    assertTrue(
        stderr
            .toString()
            .startsWith(
                "modelplane: "
                    + out
                    + " is being written by another modelplane run (another run in this process, pid "
                    + ProcessHandle.current().pid()
                    + " started "),
        stderr.toString());
    assertEquals(before, files(out));
  }
}
