package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
    Run run = run("diff", FIXTURES + "pool-removed/old.yaml", FIXTURES + "pool-removed/new.yaml");
    assertEquals(2, run.exit(), run.err());
  }

  @Test
  void refusedChangeExitsThreeEvenWhenAlsoDestructive() {
    // vmSize: Terraform cycles the pool (destructive), Bicep is refused: refused wins.
    assertEquals(
        3, run("diff", FIXTURES + "vm-size/old.yaml", FIXTURES + "vm-size/new.yaml").exit());
    assertEquals(
        3,
        run("diff", FIXTURES + "subnet-cidr/old.yaml", FIXTURES + "subnet-cidr/new.yaml").exit());
  }

  @Test
  void targetJudgesTheChangeForThatTargetOnly() {
    Run terraform =
        run(
            "diff",
            "--target",
            "terraform",
            FIXTURES + "vm-size/old.yaml",
            FIXTURES + "vm-size/new.yaml");
    assertEquals(2, terraform.exit(), terraform.err());
    assertEquals(TERRAFORM_VM_SIZE, terraform.out());
    Run bicep =
        run(
            "diff",
            "--target",
            "bicep",
            "--output",
            "json",
            FIXTURES + "vm-size/old.yaml",
            FIXTURES + "vm-size/new.yaml");
    assertEquals(3, bicep.exit(), bicep.err());
    assertTrue(bicep.out().contains("\"targets\" : [ \"bicep\" ]"), bicep.out());
    assertFalse(bicep.out().contains("terraform"), bicep.out());
    Run wrong =
        run(
            "diff",
            "--target",
            "pulumi",
            FIXTURES + "vm-size/old.yaml",
            FIXTURES + "vm-size/new.yaml");
    assertEquals(1, wrong.exit());
  }

  /** A folder whose manifest records only {@code files}, each with a made-up fingerprint. */
  private static Path generatedFolder(Path dir, String... files) throws IOException {
    Files.createDirectories(dir.resolve(".modelplane"));
    StringBuilder manifest = new StringBuilder();
    for (String file : files) {
      manifest.append("00000000  1  ").append(file).append('\n');
    }
    Files.writeString(dir.resolve(".modelplane/manifest"), manifest.toString());
    return dir;
  }

  @Test
  void generatedFolderDecidesTheTargetsWhenNoneIsNamed(@TempDir Path dir) throws IOException {
    Path infra =
        generatedFolder(
            dir.resolve("infra"),
            "modules/terraform/cluster/main.tf",
            "platform/inference/terraform/main.tf");
    Run terraformOnly =
        run(
            "diff",
            "--generated",
            infra.toString(),
            FIXTURES + "vm-size/old.yaml",
            FIXTURES + "vm-size/new.yaml");
    // Only Bicep refuses a vmSize change: a Terraform-only folder gets Terraform's verdict.
    assertEquals(2, terraformOnly.exit(), terraformOnly.err());
    assertEquals(TERRAFORM_VM_SIZE, terraformOnly.out());
    // The line comes first, then the findings of both revisions.
    assertTrue(
        terraformOnly
            .err()
            .startsWith(
                "modelplane: judging terraform, as recorded in "
                    + infra
                    + "/.modelplane/manifest\n"),
        terraformOnly.err());

    // A named target wins over the folder; -C resolves the folder.
    Run bicep =
        run(
            "diff",
            "-C",
            dir.toString(),
            "--generated",
            "infra",
            "--targets",
            "bicep",
            Path.of(FIXTURES + "vm-size/old.yaml").toAbsolutePath().toString(),
            Path.of(FIXTURES + "vm-size/new.yaml").toAbsolutePath().toString());
    assertEquals(3, bicep.exit(), bicep.err());
    assertFalse(bicep.err().contains("as recorded"), bicep.err());

    Run both =
        run(
            "diff",
            "-C",
            dir.toString(),
            "--generated",
            generatedFolder(dir.resolve("both"), "a/b/bicep/main.bicep", "a/b/terraform/main.tf")
                .getFileName()
                .toString(),
            Path.of(FIXTURES + "vm-size/old.yaml").toAbsolutePath().toString(),
            Path.of(FIXTURES + "vm-size/new.yaml").toAbsolutePath().toString());
    assertEquals(3, both.exit(), both.err());
    assertTrue(
        both.err()
            .startsWith(
                "modelplane: judging terraform and bicep, as recorded in both/.modelplane/manifest\n"),
        both.err());
  }

  @Test
  void generatedFolderWithoutManifestIsOneLine(@TempDir Path dir) {
    Run run =
        run(
            "diff",
            "--generated",
            dir.resolve("infra").toString(),
            FIXTURES + "vm-size/old.yaml",
            FIXTURES + "vm-size/new.yaml");
    assertEquals(1, run.exit());
    assertEquals("", run.out());
    assertEquals(
        "modelplane: "
            + dir.resolve("infra")
            + " has no .modelplane/manifest saying which targets were generated there;"
            + " name the targets with --targets terraform|bicep|all\n",
        run.err());
  }

  private static final String TERRAFORM_VM_SIZE =
      """
      platform/inference: node pool recreated (destructive)
        node pool recreated  pool gpuh100 vmSize: Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5
                             why: azurerm cycles the pool through its temporary pool (temporary_name_for_rotation), without cordon and drain: every node is replaced and pods are evicted when the old nodes are deleted; the Terraform resource is updated, not replaced, and quota for both pools is needed meanwhile
        capacity: gpuh100 Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

      1 cluster changed, 0 unchanged: 1 change, 1 destructive.
      """;

  /**
   * endpointAccess Public -> Private: Terraform replaces the cluster (ForceNew), Bicep is refused,
   * and the CRD's transition rule (self == oldSelf), run against the old revision, warns at the new
   * value.
   */
  @Test
  void endpointAccessChangeIsAClusterReplacementAndBreaksTheTransitionRule() {
    Run run =
        run("diff", FIXTURES + "endpoint-access/old.yaml", FIXTURES + "endpoint-access/new.yaml");
    assertEquals(3, run.exit(), run.err());
    assertTrue(
        run.out()
            .startsWith(
                "platform/inference: terraform: cluster recreated (destructive); bicep: refused by Azure"),
        run.out());
    assertTrue(run.out().contains("endpointAccess: Public → Private"), run.out());
    assertEquals(
        FIXTURES
            + "endpoint-access/new.yaml:9:19: warning: spec.endpointAccess: endpointAccess cannot change on an existing cluster:"
            + " AKS fixes it when it creates the cluster; create a new cluster to change it (rule self == oldSelf, against "
            + FIXTURES
            + "endpoint-access/old.yaml:1: a Kubernetes API server serving this CRD refuses the update)\n",
        run.err());
    Run terraform =
        run(
            "diff",
            "--target",
            "terraform",
            FIXTURES + "endpoint-access/old.yaml",
            FIXTURES + "endpoint-access/new.yaml");
    assertEquals(2, terraform.exit(), terraform.err());
    assertTrue(
        terraform.out().startsWith("platform/inference: cluster recreated (destructive)"),
        terraform.out());
    // The same revision on both sides breaks no transition rule.
    Run same =
        run("diff", FIXTURES + "endpoint-access/new.yaml", FIXTURES + "endpoint-access/new.yaml");
    assertEquals("", same.err());
  }

  @Test
  void inPlaceChangeExitsZero() {
    Run run =
        run("diff", FIXTURES + "max-node-count/old.yaml", FIXTURES + "max-node-count/new.yaml");
    assertEquals(
        new Run(
            0,
            """
        platform/inference: in-place update
          in-place update      pool gpuh100 maxNodeCount: 8 → 16
          capacity: gpuh100 max 8 → 16 nodes: up to 128 H100 GPUs (was 64)

        1 cluster changed, 0 unchanged: 1 change, 0 destructive.
        """,
            ""),
        run);
  }

  @Test
  void invalidYamlInEitherRevisionExitsOneWithDiagnostics() {
    Run run = run("diff", FIXTURES + "invalid/old.yaml", FIXTURES + "invalid/new.yaml");
    assertEquals(1, run.exit());
    assertEquals("", run.out());
    // The diagnostic's wording belongs to the loader; the diff's contract is that it names the
    // broken file and line.
    String first = run.err().lines().findFirst().orElse("");
    org.junit.jupiter.api.Assertions.assertTrue(
        first.matches(
            java.util.regex.Pattern.quote(FIXTURES + "invalid/new.yaml:4:") + "\\d+: error: .*"),
        first);
    Run reversed = run("diff", FIXTURES + "invalid/new.yaml", FIXTURES + "invalid/old.yaml");
    assertEquals(1, reversed.exit());
  }

  @Test
  void usageErrorsExitOne() {
    assertEquals(
        new Run(1, "", "modelplane: diff needs OLD and NEW (or --base GIT_REF [PATH…])\n"),
        run("diff", FIXTURES + "vm-size/old.yaml"));
    assertEquals(
        new Run(1, "", "modelplane: missing.yaml: no such file or folder\n"),
        run("diff", "missing.yaml", FIXTURES + "vm-size/old.yaml"));
  }

  @Test
  void markdownIsAPullRequestComment() {
    Run run =
        run(
            "diff",
            "--output",
            "markdown",
            FIXTURES + "vm-size/old.yaml",
            FIXTURES + "vm-size/new.yaml");
    assertEquals(
        """
        ### Modelplane: what this change does in Azure

        > [!CAUTION]
        > 1 change refused by Azure: the apply fails. Each says what to do instead.

        > [!CAUTION]
        > 1 destructive change: nodes or clusters are deleted or recreated when this is applied.

        #### `platform/inference`: terraform **node pool recreated**; bicep **refused by Azure**

        | Change | Before | After | Consequence | Why |
        | --- | --- | --- | --- | --- |
        | pool gpuh100 vmSize | `Standard_ND96isr_H100_v5` | `Standard_ND96isr_H200_v5` | terraform: **node pool recreated**<br>bicep: **refused by Azure** | terraform: azurerm cycles the pool through its temporary pool (temporary\\_name\\_for\\_rotation), without cordon and drain: every node is replaced and pods are evicted when the old nodes are deleted; the Terraform resource is updated, not replaced, and quota for both pools is needed meanwhile<br>bicep: AKS rejects a vmSize change on an existing agent pool (PropertyChangeNotAllowed); in-place resize is a preview that needs api-version 2026-01-02-preview and the AgentPoolVMSSResize feature. **Instead:** add a pool with the new size under a new name, cordon and drain the old pool's nodes (kubectl drain), then remove the old pool from the YAML: the deployment stack deletes it |

        - GPU capacity: gpuh100 Standard\\_ND96isr\\_H100\\_v5 → Standard\\_ND96isr\\_H200\\_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive, 1 refused by Azure.
        """,
        run.out());
    assertEquals(3, run.exit());
  }

  @Test
  void jsonHasTheDocumentedShape() {
    Run run =
        run(
            "diff",
            "--output",
            "json",
            FIXTURES + "max-node-count/old.yaml",
            FIXTURES + "max-node-count/new.yaml");
    assertEquals(0, run.exit(), run.err());
    assertEquals(
        """
        {
          "schemaVersion" : 2,
          "targets" : [ "terraform", "bicep" ],
          "destructive" : false,
          "refused" : false,
          "changeCount" : 1,
          "destructiveChangeCount" : 0,
          "refusedChangeCount" : 0,
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
            "consequences" : {
              "terraform" : "in-place",
              "bicep" : "in-place"
            },
            "destructive" : false,
            "refused" : false,
            "changes" : [ {
              "scope" : "pool",
              "pool" : "gpuh100",
              "property" : "maxNodeCount",
              "variant" : null,
              "field" : "spec.nodePools[].maxNodeCount",
              "azure" : "max_count / maxCount",
              "before" : "8",
              "after" : "16",
              "consequence" : "in-place",
              "consequences" : {
                "terraform" : "in-place",
                "bicep" : "in-place"
              },
              "destructive" : false,
              "refused" : false,
              "targets" : {
                "terraform" : {
                  "consequence" : "in-place",
                  "destructive" : false,
                  "why" : "the autoscaler's bounds change in place; nodes are added or drained as needed",
                  "instead" : null,
                  "source" : "azurerm v5.2.0 containers/kubernetes_cluster_node_pool_resource.go:217 (max_count, no ForceNew)",
                  "verified" : true
                },
                "bicep" : {
                  "consequence" : "in-place",
                  "destructive" : false,
                  "why" : "the autoscaler's bounds change in place; nodes are added or drained as needed",
                  "instead" : null,
                  "source" : "Az.Aks: Update-AzAksNodePool -MaxCount; AKS docs cluster-autoscaler.md:129",
                  "verified" : true
                }
              }
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
        """
            .formatted(FIXTURES),
        run.out());
  }

  @Test
  void baseComparesTheWorkingTreeWithACommit(@TempDir Path repo) throws Exception {
    Path clusters = repoWithCommittedCluster(repo);
    Files.copy(
        Path.of(FIXTURES + "vm-size/new.yaml"),
        clusters.resolve("inference.yaml"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "clusters");
    assertEquals(
        new Run(
            3,
            """
        platform/inference: terraform: node pool recreated (destructive); bicep: refused by Azure (the apply fails)
          refused by Azure     pool gpuh100 vmSize: Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5
                               terraform: node pool recreated: azurerm cycles the pool through its temporary pool (temporary_name_for_rotation), without cordon and drain: every node is replaced and pods are evicted when the old nodes are deleted; the Terraform resource is updated, not replaced, and quota for both pools is needed meanwhile
                               bicep: refused by Azure: AKS rejects a vmSize change on an existing agent pool (PropertyChangeNotAllowed); in-place resize is a preview that needs api-version 2026-01-02-preview and the AgentPoolVMSSResize feature
                               bicep instead: add a pool with the new size under a new name, cordon and drain the old pool's nodes (kubectl drain), then remove the old pool from the YAML: the deployment stack deletes it
          capacity: gpuh100 Standard_ND96isr_H100_v5 → Standard_ND96isr_H200_v5, max 8 nodes: up to 64 H200 GPUs (was 64 H100)

        1 cluster changed, 0 unchanged: 1 change, 1 destructive, 1 refused by Azure.
        """,
            // The new revision keeps acceleratorType nvidia-h100 on an H200 size: validation warns,
            // diff still runs.
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
    assertEquals(
        "modelplane: --base no-such-ref is not a commit in this repository (git rev-parse failed:"
            + " fatal: Needed a single revision); name a branch, tag or commit, fetched"
            + " (fetch-depth: 0 on GitHub), not a path inside one\n",
        run.err());
  }

  @Test
  void unchangedCheckoutComparesEqualWithTheWorkingTreesSearchRules(@TempDir Path repo)
      throws Exception {
    assumeTrue(gitAvailable(), "git is not on PATH");
    // A copy of examples/ (with its CI workflow, which the folder search skips with a warning) and
    // a committed generated tree (a folder holding .modelplane/, with a Helm Chart.yaml), which
    // the search never enters.
    Path examples = repo.resolve("examples");
    try (java.util.stream.Stream<Path> walk = Files.walk(Path.of("../examples"))) {
      for (Path from : walk.toList()) {
        Path to = examples.resolve(Path.of("../examples").relativize(from).toString());
        if (Files.isDirectory(from)) {
          Files.createDirectories(to);
        } else {
          Files.copy(from, to);
        }
      }
    }
    Path generated = Files.createDirectories(examples.resolve("generated/.modelplane"));
    Files.writeString(generated.resolve("manifest"), "{}\n");
    Path chart = Files.createDirectories(examples.resolve("generated/charts/policy"));
    Files.writeString(
        chart.resolve("Chart.yaml"), "apiVersion: v2\nname: policy\nversion: 0.1.0\n");
    commitAll(repo);

    assertEquals(0, run("validate", examples.toString()).exit());
    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "examples");
    assertEquals(0, run.exit(), run.err());
    assertEquals("No changes in Azure (10 clusters compared).\n", run.out());
    assertTrue(
        run.err()
            .contains(
                "HEAD:examples/ci/github-actions.yml:8:1: warning: not a Kubernetes resource"),
        run.err());
    assertFalse(run.err().contains("Chart.yaml"), run.err());
  }

  @Test
  void pathInNeitherRevisionExitsOne(@TempDir Path repo) throws Exception {
    repoWithCommittedCluster(repo);
    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "clusters", "nowhere");
    assertEquals(1, run.exit(), run.out());
    assertTrue(
        run.err().startsWith("modelplane: nowhere: in neither the working tree nor HEAD ("),
        run.err());
    assertEquals("", run.out());
  }

  @Test
  void treeAsBaseExitsOne(@TempDir Path repo) throws Exception {
    repoWithCommittedCluster(repo);
    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD:clusters", "clusters");
    assertEquals(1, run.exit(), run.out());
    assertTrue(
        run.err().startsWith("modelplane: --base HEAD:clusters is not a commit in this repository"),
        run.err());
  }

  @Test
  void baseThatLooksLikeAnOptionIsRefusedBeforeGitRuns(@TempDir Path repo) throws Exception {
    repoWithCommittedCluster(repo);
    Run run = run("diff", "-C", repo.toString(), "--base=--abbrev=7", "clusters");
    assertEquals(
        new Run(
            1,
            "",
            "modelplane: --base --abbrev=7: not a git ref (a ref cannot be empty or start with"
                + " '-'); name a branch, tag or commit\n"),
        run);
  }

  @Test
  void oversizedBaseFileIsRefusedWithoutReadingIt(@TempDir Path repo) throws Exception {
    Path clusters = repoWithCommittedCluster(repo);
    // Just over the 256 KiB input limit, and not compressible, so that its loose object is large.
    java.util.Random random = new java.util.Random(1);
    StringBuilder text = new StringBuilder("# ");
    while (text.length() <= 256 * 1024) {
      text.append((char) ('a' + random.nextInt(26)));
    }
    Files.writeString(clusters.resolve("big.yaml"), text.append('\n'));
    commitAll(repo);
    Files.delete(clusters.resolve("big.yaml"));
    // Cut its object short: git still knows its size from the header, but reading the blob whole
    // fails, so the size error shows that it was never read.
    String object = gitOutput(repo, "rev-parse", "HEAD:clusters/big.yaml");
    Path loose = repo.resolve(".git/objects/" + object.substring(0, 2) + "/" + object.substring(2));
    loose.toFile().setWritable(true);
    try (java.nio.channels.FileChannel channel =
        java.nio.channels.FileChannel.open(loose, java.nio.file.StandardOpenOption.WRITE)) {
      channel.truncate(2048);
    }
    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "clusters");
    assertEquals(
        new Run(
            1,
            "",
            "HEAD:clusters/big.yaml:1:1: error: input is larger than 256 KiB; an AKSCluster is a"
                + " few KiB\n"),
        run);
  }

  private static boolean gitAvailable() {
    try {
      return new ProcessBuilder("git", "--version").start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  /**
   * A git repository in {@code repo} whose one commit holds clusters/inference.yaml (the
   * max-node-count fixture's old revision); skips the test where there is no git.
   *
   * @return the clusters folder
   */
  private static Path repoWithCommittedCluster(Path repo) throws IOException, InterruptedException {
    assumeTrue(gitAvailable(), "git is not on PATH");
    Path clusters = Files.createDirectories(repo.resolve("clusters"));
    Files.copy(Path.of(FIXTURES + "max-node-count/old.yaml"), clusters.resolve("inference.yaml"));
    commitAll(repo);
    return clusters;
  }

  /** Commits every file under {@code repo}, creating the repository the first time. */
  private static void commitAll(Path repo) throws IOException, InterruptedException {
    if (!Files.isDirectory(repo.resolve(".git"))) {
      git(repo, "init", "-q");
    }
    git(repo, "add", "-A", ".");
    git(
        repo,
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.invalid",
        "commit",
        "-q",
        "-m",
        "base");
  }

  private static String gitOutput(Path repo, String... args)
      throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(repo.toFile()).start();
    String out =
        new String(
            process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, process.waitFor(), String.join(" ", command));
    return out.strip();
  }

  private static void git(Path repo, String... args) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(repo.toFile()).inheritIO().start();
    assertEquals(0, process.waitFor(), String.join(" ", command));
  }

  @Test
  void docsShowTheRealSampleComment() throws IOException {
    Run run =
        run(
            "diff",
            "--output",
            "markdown",
            "../examples/inference-westeurope.yaml",
            "../docs/samples/inference-westeurope-edited.yaml");
    assertEquals(3, run.exit(), run.err());
    String quoted =
        String.join("\n", run.out().lines().map(l -> l.isEmpty() ? ">" : "> " + l).toList());
    String page = Files.readString(Path.of("../docs/reviewing-changes.md"));
    org.junit.jupiter.api.Assertions.assertTrue(
        page.contains(quoted),
        "docs/reviewing-changes.md's sample comment differs from what modelplane diff prints now:\n"
            + quoted);
  }

  @Test
  void foldersMatchFilesByTheirPathInside(@TempDir Path dir) throws IOException {
    Path old = Files.createDirectories(dir.resolve("old/team"));
    Path now = Files.createDirectories(dir.resolve("new/team"));
    Files.copy(Path.of(FIXTURES + "renamed/old.yaml"), old.resolve("inference.yaml"));
    Files.copy(Path.of(FIXTURES + "renamed/new.yaml"), now.resolve("inference.yaml"));
    String training =
        Files.readString(Path.of(FIXTURES + "cluster-removed/old.yaml")).split("---\n")[1];
    Files.writeString(old.resolve("training.yaml"), training);
    Run run = run("diff", "-C", dir.toString(), "old", "new");
    assertEquals(
        new Run(
            2,
            """
        platform/inference2 (was platform/inference): cluster recreated (destructive)
          cluster recreated    name: inference → inference2
                               terraform why: the cluster name, DNS prefix and root folder change: a new root creates a new cluster, and the old one runs on until terraform destroy in the old roots (do it before their code is removed)
                               bicep why: the cluster, its resource group and its stack are named after it: a new stack creates a new cluster, and the old one runs on until az stack sub delete --action-on-unmanage deleteAll on the old stack

        platform/training: cluster removed (destructive)
          cluster removed      cluster removed: swedencentral, Kubernetes 1.34, 2 pools
                               terraform why: its generated roots are deleted: run terraform destroy in them first (the in-cluster root, then the infrastructure root), or the cluster keeps running without code; destroying deletes the resource group and everything in it
                               bicep why: its generated Bicep is deleted: the cluster keeps running until its stack is deleted with az stack sub delete --action-on-unmanage deleteAll, which deletes the resource group and everything in it (deleteResources only detaches a resource group)
          capacity: gpuh100 removed: no GPUs (was up to 64 H100)

        2 clusters changed, 0 unchanged: 2 changes, 2 destructive.
        """,
            ""),
        run);
  }

  @Test
  void fileDeletedSinceTheBaseRemovesItsClusters(@TempDir Path repo) throws Exception {
    Path clusters = repoWithCommittedCluster(repo);
    Files.delete(clusters.resolve("inference.yaml"));
    Files.delete(clusters);
    Run run = run("diff", "-C", repo.toString(), "--base", "HEAD", "--output", "json", "clusters");
    assertEquals(2, run.exit(), run.err());
    com.fasterxml.jackson.databind.JsonNode cluster =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(run.out())
            .path("clusters")
            .get(0);
    assertEquals(
        "{\"name\":\"platform/inference\",\"status\":\"removed\",\"before\":\"HEAD:clusters/inference.yaml\",\"after\":true}",
        "{\"name\":\""
            + cluster.path("name").asText()
            + "\",\"status\":\""
            + cluster.path("status").asText()
            + "\",\"before\":\""
            + cluster.path("before").path("file").asText()
            + "\",\"after\":"
            + cluster.path("after").isNull()
            + "}");
  }
}
