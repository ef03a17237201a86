package ai.modelplane.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.emit.PlannedFile;
import ai.modelplane.generator.emit.RenderPlan;
import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.output.IoMessages;
import ai.modelplane.generator.output.TreeSnapshot;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.RenderException;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorTest {
  static final String ALPHA =
      Fixtures.cluster("alpha", "team", "westeurope")
          + """
          - name: t4
            role: GPU
            vmSize: Standard_NC8as_T4_v3
            maxNodeCount: 6
            gpu:
              acceleratorType: nvidia-t4
      """;
  static final String BETA = Fixtures.cluster("beta", "team", "northeurope");

  @TempDir Path dir;
  final List<String> progress = new ArrayList<>();

  Path out() {
    return dir.resolve("out");
  }

  void writeInput(String yaml) throws IOException {
    Files.createDirectories(dir.resolve("clusters"));
    Files.writeString(dir.resolve("clusters/team.yaml"), yaml);
  }

  GenerationResult generate(Set<Target> targets, boolean check) throws IOException {
    return new Generator(target -> Optional.of(new FakeRenderer(target)), FakeRenderer.PLANNER)
        .run(
            GenerationRequest.of(List.of("clusters"), dir, Path.of("out"), targets)
                .withCheck(check),
            progress::add);
  }

  GenerationResult generate() throws IOException {
    return generate(Set.of(Target.TERRAFORM), false);
  }

  @Test
  void firstRunWritesEveryFileOfEveryCluster() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);

    GenerationResult result = generate();

    assertEquals(
        List.of(
            "modules/terraform/README.md",
            "team/alpha/terraform/main.tf",
            "team/alpha/terraform/pool-system.tf",
            "team/alpha/terraform/pool-t4.tf",
            "team/beta/terraform/main.tf",
            "team/beta/terraform/pool-system.tf"),
        result.written());
    assertEquals(2, result.clusterCount());
    assertEquals(List.of(), result.diagnostics());
    // Outside a git repository the header names the source relative to the output folder.
    assertEquals(
        "# generated from ../clusters/team.yaml\nlocation = \"westeurope\"\n",
        TreeSnapshot.read(out().resolve("team/alpha/terraform/main.tf")));
    assertEquals(List.of("loaded 2 AKSCluster(s) from 1 file(s)", "rendered 6 file(s)"), progress);
  }

  @Test
  void aSecondRunWritesNothingAndKeepsEveryMtime() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    TreeSnapshot.age(out());
    SortedMap<String, String> before = TreeSnapshot.of(out());

    GenerationResult result = generate();

    assertEquals(List.of(), result.written());
    assertEquals(6, result.unchanged().size());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void aChangedInputRewritesOnlyTheFilesItChanges() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    TreeSnapshot.age(out());
    writeInput(ALPHA.replace("Standard_NC8as_T4_v3", "Standard_NC16as_T4_v3") + "---\n" + BETA);

    GenerationResult result = generate();

    assertEquals(List.of("team/alpha/terraform/pool-t4.tf"), result.written());
    assertEquals(List.of(), result.removed());
    SortedMap<String, String> after = TreeSnapshot.of(out());
    long rewritten =
        after.values().stream()
            .filter(v -> !v.isEmpty() && !v.endsWith("@ " + TreeSnapshot.OLD))
            .count();
    assertEquals(2, rewritten, "the pool file and the manifest: " + after);
    assertEquals(
        "vm_size = \"Standard_NC16as_T4_v3\"\n",
        TreeSnapshot.read(out().resolve("team/alpha/terraform/pool-t4.tf")));
  }

  @Test
  void aRemovedPoolRemovesExactlyItsFile() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    SortedMap<String, String> before = TreeSnapshot.of(out());
    writeInput(ALPHA.substring(0, ALPHA.indexOf("    - name: t4")) + "---\n" + BETA);

    GenerationResult result = generate();

    assertEquals(List.of("team/alpha/terraform/pool-t4.tf"), result.removed());
    assertEquals(List.of(), result.written());
    SortedMap<String, String> after = TreeSnapshot.of(out());
    before.remove("team/alpha/terraform/pool-t4.tf");
    before.remove(".modelplane/manifest");
    after.remove(".modelplane/manifest");
    assertEquals(before, after);
  }

  @Test
  void aRemovedClusterRemovesItsFilesAndFolders() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    writeInput(ALPHA);

    GenerationResult result = generate();

    assertEquals(
        List.of("team/beta/terraform/main.tf", "team/beta/terraform/pool-system.tf"),
        result.removed());
    assertFalse(Files.exists(out().resolve("team/beta")));
    assertTrue(Files.isDirectory(out().resolve("team/alpha/terraform")));
  }

  @Test
  void targetAllWritesBothTrees() throws IOException {
    writeInput(BETA);

    GenerationResult result = generate(Set.of(Target.TERRAFORM, Target.BICEP), false);

    assertEquals(
        List.of(
            "modules/bicep/README.md",
            "modules/terraform/README.md",
            "team/beta/bicep/main.tf",
            "team/beta/bicep/pool-system.tf",
            "team/beta/terraform/main.tf",
            "team/beta/terraform/pool-system.tf"),
        result.written());
  }

  @Test
  void aFailingRendererLeavesThePreviousTreeByteIdentical() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    SortedMap<String, String> before = TreeSnapshot.of(out());
    writeInput(ALPHA.replace("westeurope", "swedencentral") + "---\n" + BETA);
    TargetRenderer failing =
        new FakeRenderer(Target.TERRAFORM) {
          @Override
          public String render(PlannedFile file) {
            throw new RenderException("template terraform/main.tf.ftl line 3: boom", null);
          }
        };

    RenderException e =
        assertThrows(
            RenderException.class,
            () ->
                new Generator(target -> Optional.of(failing), FakeRenderer.PLANNER)
                    .run(
                        GenerationRequest.of(
                            List.of("clusters"), dir, Path.of("out"), Set.of(Target.TERRAFORM)),
                        ProgressListener.SILENT));

    assertEquals("template terraform/main.tf.ftl line 3: boom", e.getMessage());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  @Test
  void invalidInputStopsBeforeAnythingIsRenderedOrWritten() throws IOException {
    writeInput("- just\n- a list\n");

    GenerationResult result = generate();

    assertTrue(result.hasErrors());
    assertFalse(result.isValid(false));
    // The exact messages belong to the validation tests; here: every finding names the file.
    assertEquals(
        List.of("clusters/team.yaml"),
        result.diagnostics().stream().map(d -> d.file()).distinct().toList());
    assertEquals(List.of(), result.written());
    assertFalse(Files.exists(out()));
  }

  @Test
  void checkModeReportsTheExactDiffAndWritesNothing() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    assertFalse(generate(Set.of(Target.TERRAFORM), true).isStale());
    writeInput(ALPHA.replace("Standard_NC8as_T4_v3", "Standard_NC16as_T4_v3") + "---\n" + BETA);
    SortedMap<String, String> before = TreeSnapshot.of(out());

    GenerationResult result = generate(Set.of(Target.TERRAFORM), true);

    assertEquals(
        List.of("team/alpha/terraform/pool-t4.tf", ".modelplane/manifest"), result.stale());
    String poolDiff =
        """
        --- a/team/alpha/terraform/pool-t4.tf
        +++ b/team/alpha/terraform/pool-t4.tf
        @@ -1,1 +1,1 @@
        -vm_size = "Standard_NC8as_T4_v3"
        +vm_size = "Standard_NC16as_T4_v3"
        --- a/.modelplane/manifest
        +++ b/.modelplane/manifest
        """;
    assertTrue(result.diff().startsWith(poolDiff), result.diff());
    assertEquals(before, TreeSnapshot.of(out()));
  }

  GenerationResult checkRecordedTargets() throws IOException {
    return new Generator(target -> Optional.of(new FakeRenderer(target)), FakeRenderer.PLANNER)
        .run(
            GenerationRequest.checkRecordedTargets(List.of("clusters"), dir, Path.of("out")),
            progress::add);
  }

  @Test
  void aCheckWithoutTargetsChecksThoseTheManifestRecordsAndSaysSo() throws IOException {
    writeInput(ALPHA + "---\n" + BETA);
    generate();
    progress.clear();

    GenerationResult fresh = checkRecordedTargets();

    assertFalse(fresh.isStale(), fresh.stale().toString());
    assertEquals(6, fresh.unchanged().size());
    assertEquals("checking terraform, as recorded in out/.modelplane/manifest", progress.get(0));

    Files.writeString(out().resolve("team/beta/terraform/main.tf"), "hand edit\n");
    GenerationResult edited = checkRecordedTargets();
    assertEquals(List.of("team/beta/terraform/main.tf"), edited.stale());
    assertEquals(List.of("team/beta/terraform/main.tf"), edited.editedByHand());
    Files.delete(out().resolve("team/beta/terraform/main.tf"));

    generate(Set.of(Target.TERRAFORM, Target.BICEP), false);
    progress.clear();
    assertEquals(12, checkRecordedTargets().unchanged().size());
    assertEquals(
        "checking terraform and bicep, as recorded in out/.modelplane/manifest", progress.get(0));
  }

  @Test
  void aCheckWithoutTargetsOfAFolderWithoutManifestFailsSayingSo() throws IOException {
    writeInput(ALPHA);

    NoRecordedTargetsException e =
        assertThrows(NoRecordedTargetsException.class, this::checkRecordedTargets);

    assertEquals(
        "out has no .modelplane/manifest saying which targets were generated there",
        e.getMessage());
    assertFalse(Files.exists(out()));
  }

  @Test
  void aCheckWithoutTargetsOfAnEmptyManifestFailsSayingSo() throws IOException {
    writeInput(ALPHA);
    Files.createDirectories(out().resolve(".modelplane"));
    Files.writeString(out().resolve(".modelplane/manifest"), "");

    NoRecordedTargetsException e =
        assertThrows(NoRecordedTargetsException.class, this::checkRecordedTargets);

    assertEquals(
        "out/.modelplane/manifest lists no generated Terraform or Bicep file to take the targets"
            + " from",
        e.getMessage());
  }

  @Test
  void aTargetWithoutRendererFailsBeforeReadingAnyInput() {
    Generator generator =
        new Generator(
            target ->
                target == Target.TERRAFORM
                    ? Optional.of(new FakeRenderer(target))
                    : Optional.empty());
    GenerationRequest request =
        GenerationRequest.of(
            List.of("does-not-exist.yaml"),
            dir,
            Path.of("out"),
            Set.of(Target.TERRAFORM, Target.BICEP));

    TargetUnavailableException e =
        assertThrows(
            TargetUnavailableException.class,
            () -> generator.run(request, ProgressListener.SILENT));

    assertEquals(
        "bicep output is not available in this build of modelplane (no renderer registered)",
        e.getMessage());
  }

  @Test
  void aMissingInputIsAnIoError() {
    GenerationRequest request =
        GenerationRequest.of(List.of("nope.yaml"), dir, Path.of("out"), Set.of(Target.TERRAFORM));

    NoSuchFileException e =
        assertThrows(
            NoSuchFileException.class,
            () ->
                new Generator(t -> Optional.of(new FakeRenderer(t)))
                    .run(request, ProgressListener.SILENT));

    assertEquals("nope.yaml: no such file or folder", IoMessages.describe(e));
  }

  @Test
  void noClusterIsRefusedForWriteAndCheckAlikeUnlessAllowed() throws IOException {
    writeInput(ALPHA);
    generate();
    SortedMap<String, String> before = TreeSnapshot.of(out());
    Files.writeString(
        dir.resolve("clusters/team.yaml"), "replicaCount: 2\n"); // Helm values, no cluster
    Generator generator =
        new Generator(t -> Optional.of(new FakeRenderer(t)), FakeRenderer.PLANNER);

    for (boolean check : new boolean[] {false, true}) {
      GenerationRequest request =
          GenerationRequest.of(List.of("clusters"), dir, Path.of("out"), Set.of(Target.TERRAFORM))
              .withCheck(check);
      NoClustersFoundException e =
          assertThrows(
              NoClustersFoundException.class,
              () -> generator.run(request, ProgressListener.SILENT));
      assertEquals(
          "no AKSCluster found in clusters (1 file(s) read); nothing was written or removed",
          e.getMessage());
    }
    assertEquals(before, TreeSnapshot.of(out()));

    GenerationResult allowed =
        generator.run(
            GenerationRequest.of(List.of("clusters"), dir, Path.of("out"), Set.of(Target.TERRAFORM))
                .withAllowEmpty(true),
            ProgressListener.SILENT);
    assertEquals(
        List.of(
            "team/alpha/terraform/main.tf",
            "team/alpha/terraform/pool-system.tf",
            "team/alpha/terraform/pool-t4.tf"),
        allowed.removed());
  }

  // ---- provenance ----

  GenerationResult generateFrom(Path workingDirectory, String input, String out, boolean check)
      throws IOException {
    return new Generator(target -> Optional.of(new FakeRenderer(target)), FakeRenderer.PLANNER)
        .run(
            GenerationRequest.of(
                    List.of(input), workingDirectory, Path.of(out), Set.of(Target.TERRAFORM))
                .withCheck(check),
            ProgressListener.SILENT);
  }

  @Test
  void inAGitRepositoryTheHeaderNamesTheSourceFromTheRepositoryRootWhereverTheRunStarts()
      throws IOException {
    Path repository = dir.resolve("repository");
    Files.createDirectories(repository.resolve(".git"));
    Files.createDirectories(repository.resolve("clusters"));
    Files.writeString(repository.resolve("clusters/team.yaml"), BETA);

    generateFrom(repository, "clusters/team.yaml", "out", false);

    assertEquals(
        "# generated from clusters/team.yaml\nlocation = \"northeurope\"\n",
        TreeSnapshot.read(repository.resolve("out/team/beta/terraform/main.tf")));
    assertFalse(
        generateFrom(repository.resolve("clusters"), "team.yaml", "../out", true).isStale(),
        "from another folder");
    assertFalse(
        generateFrom(
                dir,
                repository.resolve("clusters/team.yaml").toString(),
                repository.resolve("out").toString(),
                true)
            .isStale(),
        "by absolute paths");
  }

  @Test
  void aWorktreesGitFileMarksTheRepositoryRootToo() throws IOException {
    Path worktree = dir.resolve("worktree");
    Files.createDirectories(worktree.resolve("deep/clusters"));
    Files.writeString(worktree.resolve(".git"), "gitdir: ../main/.git/worktrees/worktree\n");
    Files.writeString(worktree.resolve("deep/clusters/team.yaml"), BETA);

    generateFrom(worktree.resolve("deep"), "clusters/team.yaml", "../out", false);

    assertTrue(
        TreeSnapshot.read(worktree.resolve("out/team/beta/terraform/main.tf"))
            .startsWith("# generated from deep/clusters/team.yaml\n"));
  }

  @Test
  void outsideARepositoryCheckFromAnotherFolderFindsNothingStale() throws IOException {
    writeInput(BETA);
    generate();

    assertFalse(generateFrom(dir.resolve("clusters"), "team.yaml", "../out", true).isStale());
  }

  // ---- plan and render ----

  @Test
  void everyPlannedFileIsRenderedOnceAndNothingElseOnOneThreadOrMany() throws IOException {
    List<AksCluster> clusters = manyClusters(40);
    RenderPlan plan = FakeRenderer.plan(clusters, Set.of(Target.TERRAFORM, Target.BICEP));
    Map<Target, TargetRenderer> renderers =
        Map.of(
            Target.TERRAFORM,
            new FakeRenderer(Target.TERRAFORM),
            Target.BICEP,
            new FakeRenderer(Target.BICEP));

    List<GeneratedFile> one = Generator.render(plan, renderers, false);

    assertEquals(
        plan.files().stream().map(PlannedFile::path).sorted().toList(),
        one.stream().map(GeneratedFile::relativePath).toList());
    assertEquals(2 * (1 + 40 * 2), one.size());
    assertEquals(one, Generator.render(plan, renderers, true));
  }

  @Test
  void aPlannedFileOfATargetNotRequestedIsABug() throws IOException {
    RenderPlan plan = FakeRenderer.plan(manyClusters(1), Set.of(Target.BICEP));

    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                Generator.render(
                    plan, Map.of(Target.TERRAFORM, new FakeRenderer(Target.TERRAFORM)), false));

    assertEquals("planned a bicep file, but that target was not requested", e.getMessage());
  }

  private List<AksCluster> manyClusters(int count) throws IOException {
    StringBuilder yaml = new StringBuilder();
    for (int i = 0; i < count; i++) {
      yaml.append(BETA.replace("name: beta", "name: c" + i)).append("---\n");
    }
    writeInput(yaml.toString());
    return new Validator(CrdSchema.bundled())
        .validate(Inputs.expand(List.of("clusters"), dir))
        .clusters();
  }
}
