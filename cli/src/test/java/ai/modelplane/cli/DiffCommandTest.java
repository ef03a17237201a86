package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code modelplane diff}: outputs and exit codes. */
class DiffCommandTest {
  private static final String FIXTURES = "../generator-core/src/test/resources/diff/";

  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = ModelplaneCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void destructiveChangeExitsTwo() {
    Run run = run("diff", FIXTURES + "vm-size/old.yaml", FIXTURES + "vm-size/new.yaml");
    assertEquals(2, run.exit(), run.err());
  }

  @Test
  void inPlaceChangeExitsZero() {
    Run run = run("diff", FIXTURES + "max-node-count/old.yaml", FIXTURES + "max-node-count/new.yaml");
    assertEquals(new Run(0, """
        platform/inference: in-place update
          in-place update      pool gpuh100 maxNodeCount: 8 → 16
          capacity: gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """, ""), run);
  }

  @Test
  void invalidYamlInEitherRevisionExitsOneWithDiagnostics() {
    Run run = run("diff", FIXTURES + "invalid/old.yaml", FIXTURES + "invalid/new.yaml");
    assertEquals(1, run.exit());
    assertEquals("", run.out());
    // The diagnostic's wording belongs to the loader; the diff's contract is that it names the broken file and line.
    String first = run.err().lines().findFirst().orElse("");
    org.junit.jupiter.api.Assertions.assertTrue(
        first.matches(java.util.regex.Pattern.quote(FIXTURES + "invalid/new.yaml:4:") + "\\d+: error: .*"), first);
    Run reversed = run("diff", FIXTURES + "invalid/new.yaml", FIXTURES + "invalid/old.yaml");
    assertEquals(1, reversed.exit());
  }

  @Test
  void usageErrorsExitOne() {
    assertEquals(new Run(1, "", "modelplane: diff needs OLD and NEW (or --base GIT_REF [PATH…])\n"),
        run("diff", FIXTURES + "vm-size/old.yaml"));
    assertEquals(new Run(1, "", "modelplane: missing.yaml: no such file or folder\n"),
        run("diff", "missing.yaml", FIXTURES + "vm-size/old.yaml"));
  }

  @Test
  void markdownIsAPullRequestComment() {
    Run run = run("diff", "--output", "markdown", FIXTURES + "vm-size/old.yaml", FIXTURES + "vm-size/new.yaml");
    assertEquals("""
        ### Modelplane: what this change does in Azure

        > [!CAUTION]
        > 1 destructive change: nodes or clusters are deleted or recreated when this is applied.

        #### `platform/inference`: **node pool recreated**

        | Change | Before | After | Consequence | Why |
        | --- | --- | --- | --- | --- |
        | pool gpuh100 vmSize | `Standard_ND96isr_H100_v5` | `Standard_ND96isr_H200_v5` | **node pool recreated** | a pool's VM size cannot change; AKS rebuilds it under its temporary rotation name and moves the workloads |

        - GPU capacity: gpuh100 Standard\\_ND96isr\\_H100\\_v5 → Standard\\_ND96isr\\_H200\\_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """, run.out());
    assertEquals(2, run.exit());
  }

  @Test
  void jsonHasTheDocumentedShape() {
    Run run = run("diff", "--output", "json", FIXTURES + "max-node-count/old.yaml", FIXTURES + "max-node-count/new.yaml");
    assertEquals(0, run.exit(), run.err());
    assertEquals("""
        {
          "schemaVersion" : 1,
          "destructive" : false,
          "changeCount" : 1,
          "destructiveChangeCount" : 0,
          "clusters" : [ {
            "name" : "platform/inference",
            "status" : "changed",
            "previousName" : null,
            "before" : {
              "file" : "%1$smax-node-count/old.yaml",
              "document" : 0,
              "line" : 1
            },
            "after" : {
              "file" : "%1$smax-node-count/new.yaml",
              "document" : 0,
              "line" : 1
            },
            "consequence" : "in-place",
            "destructive" : false,
            "changes" : [ {
              "scope" : "pool",
              "pool" : "gpuh100",
              "property" : "maxNodeCount",
              "field" : "spec.nodePools[].maxNodeCount",
              "azure" : "max_count / maxCount",
              "before" : "8",
              "after" : "16",
              "consequence" : "in-place",
              "destructive" : false,
              "why" : "the autoscaler's bounds change in place; nodes are added or drained as needed",
              "source" : "azurerm 4.73.0: max_count is updatable; Az.Aks: Update-AzAksNodePool -MaxCount"
            } ],
            "capacity" : [ {
              "pool" : "gpuh100",
              "maxGpusBefore" : 64,
              "gpuModelBefore" : "H100",
              "maxGpusAfter" : 128,
              "gpuModelAfter" : "H100",
              "text" : "gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)"
            } ]
          } ],
          "unchanged" : [ ]
        }
        """.formatted(FIXTURES), run.out());
  }

  @Test
  void baseComparesTheWorkingTreeWithACommit(@TempDir Path repo) throws Exception {
    assumeTrue(gitAvailable(), "git is not on PATH");
    Path clusters = repo.resolve("clusters");
    Files.createDirectories(clusters);
    Files.copy(Path.of(FIXTURES + "max-node-count/old.yaml"), clusters.resolve("inference.yaml"));
    git(repo, "init", "-q");
    git(repo, "add", ".");
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "base");
    Files.copy(Path.of(FIXTURES + "vm-size/new.yaml"), clusters.resolve("inference.yaml"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "clusters");
    assertEquals(new Run(2, """
        platform/inference: node pool recreated (destructive)
          node pool recreated  pool gpuh100 vmSize: Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5
                               why: a pool's VM size cannot change; AKS rebuilds it under its temporary rotation name and moves the workloads
          capacity: gpuh100 Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive.
        """,
        // The new revision keeps acceleratorType nvidia-h100 on an H200 size: validation warns, diff still runs.
        "clusters/inference.yaml:26:26: warning: spec.nodePools[1].gpu.acceleratorType: acceleratorType nvidia-h100"
            + " does not match Standard_ND96isr_H200_v5, which has 8x nvidia h200 (the VM size decides the GPU; use nvidia-h200)\n"),
        run);
  }

  @Test
  void unknownGitRefExitsOne(@TempDir Path repo) throws Exception {
    assumeTrue(gitAvailable(), "git is not on PATH");
    git(repo, "init", "-q");
    Run run = run("diff", "-C", repo.toString(), "--base", "no-such-ref", ".");
    assertEquals(1, run.exit());
    assertEquals("modelplane: git ls-tree failed: fatal: Not a valid object name no-such-ref\n", run.err());
  }

  private static boolean gitAvailable() {
    try {
      return new ProcessBuilder("git", "--version").start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private static void git(Path repo, String... args) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(repo.toFile()).inheritIO().start();
    assertEquals(0, process.waitFor(), String.join(" ", command));
  }

  @Test
  void readmeShowsTheRealSampleComment() throws IOException {
    Run run = run("diff", "--output", "markdown", "../examples/inference-westeurope.yaml", "../docs/samples/inference-westeurope-edited.yaml");
    assertEquals(2, run.exit(), run.err());
    String quoted = String.join("\n", run.out().lines().map(l -> l.isEmpty() ? ">" : "> " + l).toList());
    String readme = Files.readString(Path.of("../README.md"));
    org.junit.jupiter.api.Assertions.assertTrue(readme.contains(quoted),
        "README's sample comment differs from what modelplane diff prints now:\n" + quoted);
  }

  @Test
  void foldersMatchFilesByTheirPathInside(@TempDir Path dir) throws IOException {
    Path old = Files.createDirectories(dir.resolve("old/team"));
    Path now = Files.createDirectories(dir.resolve("new/team"));
    Files.copy(Path.of(FIXTURES + "renamed/old.yaml"), old.resolve("inference.yaml"));
    Files.copy(Path.of(FIXTURES + "renamed/new.yaml"), now.resolve("inference.yaml"));
    String training = Files.readString(Path.of(FIXTURES + "cluster-removed/old.yaml")).split("---\n")[1];
    Files.writeString(old.resolve("training.yaml"), training);
    Run run = run("diff", "-C", dir.toString(), "old", "new");
    assertEquals(new Run(2, """
        platform/inference2 (was platform/inference): cluster recreated (destructive)
          cluster recreated    name: inference → inference2
                               why: the managed cluster's name and DNS prefix cannot change; a new name is a new cluster

        platform/training: cluster removed (destructive)
          cluster removed      cluster removed: swedencentral, Kubernetes 1.34, 2 pools
                               why: its generated code is deleted; destroying it deletes the resource group and everything in it
          capacity: gpuh100 removed: no GPUs (was up to 64 H100)

        2 clusters changed, 0 unchanged: 2 changes, 2 destructive.
        """, ""), run);
  }

  @Test
  void fileDeletedSinceTheBaseRemovesItsClusters(@TempDir Path repo) throws Exception {
    assumeTrue(gitAvailable(), "git is not on PATH");
    Path clusters = Files.createDirectories(repo.resolve("clusters"));
    Files.copy(Path.of(FIXTURES + "max-node-count/old.yaml"), clusters.resolve("inference.yaml"));
    git(repo, "init", "-q");
    git(repo, "add", ".");
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "base");
    Files.delete(clusters.resolve("inference.yaml"));
    Files.delete(clusters);
    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "--output", "json", "clusters");
    assertEquals(2, run.exit(), run.err());
    com.fasterxml.jackson.databind.JsonNode cluster = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out()).path("clusters").get(0);
    assertEquals("{\"name\":\"platform/inference\",\"status\":\"removed\",\"before\":\"HEAD:clusters/inference.yaml\",\"after\":true}",
        "{\"name\":\"" + cluster.path("name").asText() + "\",\"status\":\"" + cluster.path("status").asText()
            + "\",\"before\":\"" + cluster.path("before").path("file").asText() + "\",\"after\":" + cluster.path("after").isNull() + "}");
  }
}
