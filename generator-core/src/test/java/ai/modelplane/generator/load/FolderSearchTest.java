package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a folder search accepts beside clusters, and clusters defined twice. */
class FolderSearchTest {
  private static final String CLUSTER = Fixtures.cluster("one", "eastus2");

  @TempDir Path dir;

  private ValidationResult load(String... paths) throws IOException {
    return new Validator(CrdSchema.bundled()).validate(Inputs.expand(List.of(paths), dir));
  }

  /** Writes {@code text} to {@code path} under {@link #dir}, creating the folders it needs. */
  private void write(String path, String text) throws IOException {
    Path file = dir.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private void link(String link, Path target) throws IOException {
    Files.createSymbolicLink(dir.resolve(link), target);
  }

  private static List<String> messages(ValidationResult result) {
    return result.diagnostics().stream().map(Diagnostic::format).toList();
  }

  private static List<String> names(ValidationResult result) {
    return result.clusters().stream().map(AksCluster::name).toList();
  }

  /** A search of clusters/ reads the files {@code displayPaths}, and says nothing. */
  private void assertClustersFolderReads(String... displayPaths) throws IOException {
    ValidationResult result = load("clusters");

    assertEquals(List.of(), messages(result));
    assertEquals(
        List.of(displayPaths),
        result.clusters().stream().map(c -> c.source().displayPath()).toList());
  }

  @Test
  void otherYamlInASearchedFolderIsSkippedWithAWarning() throws IOException {
    write("clusters/one.yaml", CLUSTER);
    write("clusters/ci/workflow.yml", "name: ci\non: push\n");

    ValidationResult result = load("clusters");

    assertEquals(List.of("one"), names(result));
    assertEquals(
        List.of(
            "clusters/ci/workflow.yml:1:1: warning: not a Kubernetes resource (no apiVersion and kind); skipped"
                + " (name the file to validate it as an AKSCluster)"),
        messages(result));
  }

  @Test
  void theSameFileNamedExplicitlyIsAnError() throws IOException {
    write("workflow.yml", "name: ci\non: push\n");

    ValidationResult result = load("workflow.yml");

    assertEquals(
        List.of(
            "workflow.yml:1:1: error: this is not an AKSCluster: apiVersion and kind are missing"
                + " (expected apiVersion: infrastructure.modelplane.ai/v1alpha1 and kind: AKSCluster)"),
        messages(result));
  }

  @Test
  void aClusterDefinedTwiceIsAnErrorNamingTheFirst() throws IOException {
    write("a.yaml", CLUSTER);
    write("b.yaml", "# the same cluster again\n" + CLUSTER);

    ValidationResult result = load("a.yaml", "b.yaml");

    assertEquals(1, result.clusters().size());
    assertEquals(
        List.of(
            "b.yaml:2:1: error: metadata.name: AKSCluster default/one is already defined at a.yaml:1"
                + " (give one of them another name or namespace)"),
        messages(result));
  }

  @Test
  void hiddenFoldersAndGeneratedTreesAreNotSearched() throws IOException {
    Files.createDirectories(dir.resolve("repo/infra/.modelplane"));
    write("repo/one.yaml", CLUSTER);
    write("repo/.github/workflows/ci.yml", "name: ci\n");
    write("repo/infra/modules/chart/Chart.yaml", "apiVersion: v2\nname: chart\n");

    assertEquals(List.of(dir.resolve("repo/one.yaml")), Inputs.yamlFilesUnder(dir.resolve("repo")));
  }

  /** Makes a FIFO with mkfifo; the test is skipped only where there is no mkfifo. */
  static void mkfifo(Path fifo) throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo on this machine: " + e.getMessage());
      return;
    }
    assertEquals(0, process.waitFor());
  }

  /** Loading {@code input} returns in time, with one error: {@code fifo} is no regular file. */
  private void assertFifoIsAnError(String fifo, String input) throws Exception {
    mkfifo(dir.resolve(fifo));
    ValidationResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> load(input));
    assertEquals(
        List.of(
            fifo
                + ":1:1: error: cannot read: not a regular file but a named pipe (FIFO); only regular files are read"
                + " (name a YAML file, or - to read standard input)"),
        messages(result));
  }

  @Test
  void aFifoNamedAsInputIsAnErrorAndNeverBlocks() throws Exception {
    assertFifoIsAnError("pipe.yaml", "pipe.yaml");
  }

  @Test
  void aFifoFoundInAFolderIsAnErrorAndNeverBlocks() throws Exception {
    write("clusters/one.yaml", CLUSTER);
    assertFifoIsAnError("clusters/pipe.yml", "clusters");
  }

  @Test
  void aSymlinkedFileInsideTheSearchedFolderIsRead() throws IOException {
    write("clusters/store/one.txt", CLUSTER);
    link("clusters/one.yaml", Path.of("store/one.txt"));

    assertClustersFolderReads("clusters/one.yaml");
  }

  @Test
  void aSymlinkedFolderInsideTheSearchedFolderIsReadOnceUnderItsOwnPath() throws IOException {
    write("clusters/eu/one.yaml", CLUSTER);
    link("clusters/current", Path.of("eu"));
    link("clusters/again.yaml", Path.of("eu/one.yaml"));

    assertClustersFolderReads("clusters/eu/one.yaml");
  }

  @Test
  void symlinksOutsideTheSearchedFolderAreReportedNotSkippedInSilence() throws IOException {
    Files.createDirectories(dir.resolve("clusters"));
    Files.createDirectories(dir.resolve("shared/more"));
    write("shared/prod.yaml", CLUSTER);
    link("clusters/prod.yaml", dir.resolve("shared/prod.yaml"));
    link("clusters/more", dir.resolve("shared/more"));
    Path real = dir.toRealPath();

    ValidationResult result = load("clusters");

    assertEquals(
        List.of(
            "clusters/more:1:1: warning: symbolic link to the folder "
                + real.resolve("shared/more")
                + ", outside the searched folder clusters;"
                + " not followed (links are followed only inside clusters; name the target on the command line, or move it inside)",
            "clusters/prod.yaml:1:1: warning: symbolic link to the file "
                + real.resolve("shared/prod.yaml")
                + ", outside the searched folder"
                + " clusters; not read (links are followed only inside clusters; name the target on the command line, or move it inside)"),
        messages(result));
  }

  @Test
  void symlinkLoopsAndBrokenLinksAreReported() throws Exception {
    write("clusters/eu/one.yaml", CLUSTER);
    link("clusters/eu/up", Path.of(".."));
    link("clusters/self.yaml", Path.of("self.yaml"));
    link("clusters/gone.yaml", Path.of("nowhere.yaml"));

    ValidationResult result =
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> load("clusters"));

    assertEquals(List.of("one"), names(result));
    assertEquals(
        List.of(
            "clusters/eu/up:1:1: warning: symbolic link to clusters, a folder that holds the link itself, so following it would loop;"
                + " not followed (remove the link)",
            "clusters/gone.yaml:1:1: warning: broken symbolic link (its target does not exist); not read (fix or remove the link)",
            "clusters/self.yaml:1:1: warning: symbolic link that cannot be resolved (it leads back to itself); not followed"
                + " (fix or remove the link)"),
        messages(result).stream().sorted().toList());
  }

  @Test
  void theOutputFolderNamedAsInputIsAnErrorNamingBoth() throws IOException {
    write("c/one.yaml", CLUSTER);

    List<InputSource> sources = Inputs.expand(List.of("c"), dir, Optional.of(dir.resolve("c")));
    ValidationResult result = new Validator(CrdSchema.bundled()).validate(sources);

    assertEquals(
        List.of(
            "c:1:1: error: this folder is also the output folder ("
                + dir.resolve("c")
                + "), and generated files are never read as input"
                + " (name the folder that holds the AKSCluster YAML, or write the output elsewhere)"),
        messages(result));
  }

  @Test
  void aFolderSearchNeverEntersTheOutputFolderEvenBeforeItHoldsAMarker() throws IOException {
    write("repo/one.yaml", CLUSTER);
    write("repo/out/team/half-written.yaml", "apiVersion: v2\n");

    List<InputSource> sources =
        Inputs.expand(List.of("repo"), dir, Optional.of(dir.resolve("repo/out")));

    assertEquals(List.of("repo/one.yaml"), sources.stream().map(InputSource::displayPath).toList());
  }
}
