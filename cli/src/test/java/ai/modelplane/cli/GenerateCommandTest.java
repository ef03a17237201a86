package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.Generator;
import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.emit.PlannedFile;
import ai.modelplane.generator.emit.Planner;
import ai.modelplane.generator.emit.RenderPlan;
import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.render.RenderException;
import ai.modelplane.generator.render.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code modelplane generate} end to end, with a test-double renderer in place of this build's. */
class GenerateCommandTest {
  static final String CLUSTERS =
      Fixtures.cluster("alpha", "team", "westeurope")
          + "---\n"
          + Fixtures.cluster("beta", "team", "northeurope");

  /**
   * One main file per cluster, one file per pool, a shared module README; each file's view is its
   * text.
   */
  static final Planner STUB_PLAN =
      (clusters, targets) -> {
        List<PlannedFile> files = new ArrayList<>();
        for (Target target : new TreeSet<>(targets)) {
          files.add(
              new PlannedFile(
                  target, "modules/" + target.id() + "/README.md", "stub.ftl", "# shared\n"));
          for (AksCluster cluster : clusters) {
            String root = cluster.namespace() + "/" + cluster.name() + "/" + target.id() + "/";
            files.add(
                new PlannedFile(
                    target,
                    root + "main.tf",
                    "stub.ftl",
                    "location = \"" + cluster.spec().location() + "\"\n"));
            for (NodePool pool : cluster.spec().nodePools()) {
              files.add(
                  new PlannedFile(
                      target,
                      root + "pool-" + pool.name() + ".tf",
                      "stub.ftl",
                      "vm_size = \"" + pool.vmSize() + "\"\n"));
            }
          }
        }
        return new RenderPlan(List.of(), files);
      };

  static class StubRenderer implements TargetRenderer {
    private final Target target;

    StubRenderer(Target target) {
      this.target = target;
    }

    @Override
    public Target target() {
      return target;
    }

    @Override
    public String render(PlannedFile file) {
      return (String) file.view();
    }
  }

  @TempDir Path dir;
  Path input;
  Path out;
  final StringWriter stdout = new StringWriter();
  final StringWriter stderr = new StringWriter();

  @BeforeEach
  void writeInput() throws IOException {
    input = dir.resolve("team.yaml");
    out = dir.resolve("out");
    Files.writeString(input, CLUSTERS);
  }

  int run(Function<Target, Optional<TargetRenderer>> renderers, String... args) {
    stdout.getBuffer().setLength(0);
    stderr.getBuffer().setLength(0);
    CommandLine.IFactory factory =
        new CommandLine.IFactory() {
          @Override
          public <K> K create(Class<K> type) throws Exception {
            return type == GenerateCommand.class
                ? type.cast(
                    new GenerateCommand(new Modelplane(new Generator(renderers, STUB_PLAN))))
                : CommandLine.defaultFactory().create(type);
          }
        };
    return ModelplaneCommand.run(
        args, new PrintWriter(stdout, true), new PrintWriter(stderr, true), factory);
  }

  int generate(String... extra) {
    List<String> args =
        new ArrayList<>(List.of("generate", "--target", "terraform", "--out", out.toString()));
    args.addAll(List.of(extra));
    args.add(input.toString());
    return run(target -> Optional.of(new StubRenderer(target)), args.toArray(String[]::new));
  }

  @Test
  void firstRunWritesAndSummarises() {
    assertEquals(0, generate());
    assertEquals(
        "2 AKSCluster(s) generated into " + out + ": 5 file(s) written, 0 unchanged, 0 removed\n",
        stdout.toString());
    assertEquals("", stderr.toString());
    assertTrue(Files.isRegularFile(out.resolve("team/beta/terraform/pool-system.tf")));
  }

  @Test
  void thePluginsParameterNamesAreOptionsToo() {
    generate();
    assertEquals(
        0,
        run(
            target -> Optional.of(new StubRenderer(target)),
            "generate",
            "--targets",
            "terraform",
            "--output-directory",
            out.toString(),
            "--fail-on-warning",
            "--check",
            input.toString()));
    assertTrue(stderr.toString().contains(out + " is up to date: 5 file(s)"), stderr.toString());
  }

  @Test
  void secondRunWritesNothing() {
    generate();
    assertEquals(0, generate());
    assertEquals(
        "2 AKSCluster(s) generated into " + out + ": 0 file(s) written, 5 unchanged, 0 removed\n",
        stdout.toString());
  }

  @Test
  void targetAllGeneratesBothLanguages() {
    assertEquals(
        0,
        run(
            target -> Optional.of(new StubRenderer(target)),
            "generate",
            "--target",
            "all",
            "--out",
            out.toString(),
            input.toString()));
    assertEquals(
        "2 AKSCluster(s) generated into " + out + ": 10 file(s) written, 0 unchanged, 0 removed\n",
        stdout.toString());
    assertTrue(Files.isRegularFile(out.resolve("team/alpha/bicep/main.tf")));
  }

  @Test
  void checkOfAnUpToDateTreeExitsZero() {
    generate();
    assertEquals(0, generate("--check"));
    assertEquals("", stdout.toString());
    assertEquals(out + " is up to date: 5 file(s) for 2 AKSCluster(s)\n", stderr.toString());
  }

  @Test
  void checkOfAStaleTreePrintsThePatchAndExitsTwo() throws IOException {
    generate();
    Files.writeString(input, CLUSTERS.replace("northeurope", "swedencentral"));
    String manifestBefore = Files.readString(out.resolve(".modelplane/manifest"));

    assertEquals(2, generate("--check"));

    assertEquals(
        """
        --- a/team/beta/terraform/main.tf
        +++ b/team/beta/terraform/main.tf
        @@ -1,1 +1,1 @@
        -location = "northeurope"
        +location = "swedencentral"
        --- a/.modelplane/manifest
        +++ b/.modelplane/manifest
        @@ -1,5 +1,5 @@
        """
            + context(manifestBefore),
        stdout.toString());
    assertEquals(
        out
            + " is stale: 1 file(s) to write, 0 to remove; run 'modelplane generate' without --check to update it\n",
        stderr.toString());
    assertEquals(
        "location = \"northeurope\"\n",
        Files.readString(out.resolve("team/beta/terraform/main.tf")));
  }

  int checkWithoutTargets() {
    return run(
        target -> Optional.of(new StubRenderer(target)),
        "generate",
        "--check",
        "--out",
        out.toString(),
        input.toString());
  }

  @Test
  void checkWithoutTargetsChecksWhatTheManifestRecordsAndSaysSo() throws IOException {
    generate();

    assertEquals(0, checkWithoutTargets());
    assertEquals("", stdout.toString());
    assertEquals(
        "modelplane: checking terraform, as recorded in "
            + out
            + "/.modelplane/manifest\n"
            + out
            + " is up to date: 5 file(s) for 2 AKSCluster(s)\n",
        stderr.toString());

    Files.writeString(out.resolve("team/beta/terraform/main.tf"), "hand edit\n");
    assertEquals(2, checkWithoutTargets());
    assertEquals(
        """
        --- a/team/beta/terraform/main.tf
        +++ b/team/beta/terraform/main.tf
        @@ -1,1 +1,1 @@
        -hand edit
        +location = "northeurope"
        """,
        stdout.toString());
  }

  @Test
  void checkWithoutTargetsOfBothChecksBoth() {
    run(
        target -> Optional.of(new StubRenderer(target)),
        "generate",
        "--targets",
        "all",
        "--out",
        out.toString(),
        input.toString());

    assertEquals(0, checkWithoutTargets());
    assertTrue(
        stderr
            .toString()
            .startsWith(
                "modelplane: checking terraform and bicep, as recorded in "
                    + out
                    + "/.modelplane/manifest\n"),
        stderr.toString());
    assertTrue(stderr.toString().contains("10 file(s)"), stderr.toString());
  }

  @Test
  void checkWithoutTargetsOfAFolderWithoutManifestIsOneLine() {
    assertEquals(1, checkWithoutTargets());
    assertEquals("", stdout.toString());
    assertEquals(
        "modelplane: "
            + out
            + " has no .modelplane/manifest saying which targets were generated there;"
            + " name them with --targets terraform|bicep|all\n",
        stderr.toString());
    assertFalse(Files.exists(out));
  }

  @Test
  void writingStillNeedsTargets() {
    assertEquals(
        1,
        run(
            target -> Optional.of(new StubRenderer(target)),
            "generate",
            "--out",
            out.toString(),
            input.toString()));
    assertTrue(
        stderr
            .toString()
            .startsWith(
                "modelplane: Missing required option: '--targets=terraform|bicep|all' (only --check"),
        stderr.toString());
    assertFalse(Files.exists(out));
  }

  /** The manifest's hunk: every line is context except the changed file's hash. */
  private static String context(String manifestBefore) {
    StringBuilder hunk = new StringBuilder();
    for (String line : manifestBefore.split("\n")) {
      if (line.endsWith("  team/beta/terraform/main.tf")) {
        hunk.append('-').append(line).append('\n');
        // CRC-32 and size of 'location = "swedencentral"\n'
        hunk.append("+13017119  27  team/beta/terraform/main.tf\n");
      } else {
        hunk.append(' ').append(line).append('\n');
      }
    }
    return hunk.toString();
  }

  @Test
  void someoneElsesFileInTheWayFailsAndNothingIsWritten() throws IOException {
    Files.createDirectories(out.resolve("team/alpha/terraform"));
    Files.writeString(out.resolve("team/alpha/terraform/main.tf"), "mine\n");

    assertEquals(1, generate());

    assertEquals("", stdout.toString());
    assertEquals(
        "modelplane: "
            + out
            + "/team/alpha/terraform/main.tf: exists and was not written by modelplane (it is not in .modelplane/manifest); move it away or choose another output folder\n"
            + "modelplane: nothing was written\n",
        stderr.toString());
    assertFalse(Files.exists(out.resolve(".modelplane")));
    assertFalse(Files.exists(out.resolve("team/beta")));
  }

  @Test
  void aHandEditIsRefusedWithoutForceAndOverwrittenWithIt() throws IOException {
    generate();
    Files.writeString(out.resolve("team/alpha/terraform/main.tf"), "hand edit\n");

    assertEquals(1, generate());
    assertEquals(
        "modelplane: "
            + out
            + "/team/alpha/terraform/main.tf: was edited by hand since modelplane generated it; move the change into the AKSCluster YAML, or force the overwrite (--force)\n"
            + "modelplane: nothing was written\n",
        stderr.toString());
    assertEquals("hand edit\n", Files.readString(out.resolve("team/alpha/terraform/main.tf")));

    assertEquals(0, generate("--force"));
    assertEquals(
        "modelplane: warning: "
            + out
            + "/team/alpha/terraform/main.tf: overwrote hand edits (--force)\n",
        stderr.toString());
    assertEquals(
        "2 AKSCluster(s) generated into " + out + ": 1 file(s) written, 4 unchanged, 0 removed\n",
        stdout.toString());
    assertEquals(
        "location = \"westeurope\"\n",
        Files.readString(out.resolve("team/alpha/terraform/main.tf")));
  }

  @Test
  void invalidInputPrintsDiagnosticsAndWritesNothing() throws IOException {
    Files.writeString(input, "just a string\n");

    assertEquals(1, generate());

    assertEquals("", stdout.toString());
    assertTrue(stderr.toString().startsWith(input + ":1:"), stderr.toString());
    assertTrue(stderr.toString().contains(": error: "), stderr.toString());
    assertFalse(Files.exists(out));
  }

  @Test
  void aMissingInputIsOneLine() {
    assertEquals(
        1,
        run(
            target -> Optional.of(new StubRenderer(target)),
            "generate",
            "--target",
            "bicep",
            "--out",
            out.toString(),
            dir.resolve("nope.yaml").toString()));
    assertEquals(
        "modelplane: " + dir.resolve("nope.yaml") + ": no such file or folder\n",
        stderr.toString());
  }

  @Test
  void anOutputPathThatIsAFileIsOneLine() throws IOException {
    Files.writeString(out, "a file\n");

    assertEquals(1, generate());

    assertEquals("modelplane: " + out + ": not a folder\n", stderr.toString());
  }

  @Test
  void anUnwritableOutputIsOneLine() {
    // Even root cannot create a folder below /proc (the run's lock is the first thing it makes).
    out = Path.of("/proc/modelplane-test-out");

    assertEquals(1, generate());

    assertTrue(
        stderr.toString().matches("modelplane: /proc/modelplane-test-out: [^\\n]+\\n"),
        stderr.toString());
  }

  @Test
  void aTargetWithoutRendererIsOneLine() {
    assertEquals(
        1,
        run(
            target -> Optional.empty(),
            "generate",
            "--target",
            "terraform",
            "--out",
            out.toString(),
            input.toString()));
    assertEquals(
        "modelplane: terraform output is not available in this build of modelplane (no renderer registered)\n",
        stderr.toString());
  }

  @Test
  void aRendererBugIsAnInternalErrorWithoutStackTraceUnlessVerbose() {
    TargetRenderer broken =
        new StubRenderer(Target.TERRAFORM) {
          @Override
          public String render(PlannedFile file) {
            throw new RenderException("template terraform/main.tf.ftl line 3: boom", null);
          }
        };
    assertEquals(
        1,
        run(
            target -> Optional.of(broken),
            "generate",
            "--target",
            "terraform",
            "--out",
            out.toString(),
            input.toString()));
    assertEquals(
        "modelplane: internal error: ai.modelplane.generator.render.RenderException: template terraform/main.tf.ftl line 3: boom\n"
            + "Run again with --verbose to see the stack trace, and please report it.\n",
        stderr.toString());
    assertFalse(Files.exists(out));
  }

  @Test
  void verboseReportsProgress() {
    assertEquals(0, generate("--verbose"));
    assertEquals(
        "modelplane: loaded 2 AKSCluster(s) from 1 file(s)\nmodelplane: rendered 5 file(s)\n",
        stderr.toString());
  }

  @Test
  void anUnknownTargetIsAUsageError() {
    assertEquals(
        1,
        ModelplaneCommand.run(
            new String[] {"generate", "--target", "pulumi", "--out", "x", "y.yaml"},
            new PrintWriter(stdout, true),
            new PrintWriter(stderr, true)));
    assertEquals(
        "modelplane: Invalid value for option '--targets': expected terraform, bicep or all, not 'pulumi'\n"
            + "Run 'modelplane generate --help' for usage.\n",
        stderr.toString());
  }

  @Test
  void theOutputFolderIsRequired() {
    assertEquals(
        1,
        ModelplaneCommand.run(
            new String[] {"generate", "--target", "all", "y.yaml"},
            new PrintWriter(stdout, true),
            new PrintWriter(stderr, true)));
    assertEquals(
        "modelplane: Missing required option: '--output-directory=DIR'\nRun 'modelplane generate --help' for usage.\n",
        stderr.toString());
  }

  @Test
  void checkFindsTheRealOutputUpToDateHoweverTheInputPathIsSpelled() {
    PrintWriter quiet = new PrintWriter(new StringWriter(), true);
    String absolute = input.toAbsolutePath().toString();
    String relative = Path.of("").toAbsolutePath().relativize(input.toAbsolutePath()).toString();
    assertEquals(
        0,
        ModelplaneCommand.run(
            new String[] {"generate", "--target", "all", "--out", out.toString(), absolute},
            quiet,
            quiet));

    assertEquals(
        0,
        ModelplaneCommand.run(
            new String[] {
              "generate", "--check", "--target", "all", "--out", out.toString(), relative
            },
            new PrintWriter(stdout, true),
            new PrintWriter(stderr, true)),
        stderr.toString());
  }
}
