package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.validate.Diagnostic;
import ai.modelplane.generator.validate.ValidationResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a folder search accepts beside clusters, and clusters defined twice. */
class FolderSearchTest {
  private static final String CLUSTER =
      """
      apiVersion: infrastructure.modelplane.ai/v1alpha1
      kind: AKSCluster
      metadata:
        name: one
      spec:
        location: eastus2
        nodePools:
          - name: system
            role: System
            vmSize: Standard_D4s_v5
      """;

  @TempDir Path dir;

  private ValidationResult load(String... paths) throws IOException {
    return new ClusterLoader(CrdSchema.bundled()).load(Inputs.expand(List.of(paths), dir));
  }

  @Test
  void otherYamlInASearchedFolderIsSkippedWithAWarning() throws IOException {
    Files.createDirectories(dir.resolve("clusters/ci"));
    Files.writeString(dir.resolve("clusters/one.yaml"), CLUSTER);
    Files.writeString(dir.resolve("clusters/ci/workflow.yml"), "name: ci\non: push\n");

    ValidationResult result = load("clusters");

    assertEquals(List.of("one"), result.clusters().stream().map(AksCluster::name).toList());
    assertEquals(
        List.of("clusters/ci/workflow.yml:1:1: warning: not a Kubernetes resource (no apiVersion and kind); skipped"
            + " (name the file to validate it as an AKSCluster)"),
        result.diagnostics().stream().map(Diagnostic::format).toList());
  }

  @Test
  void theSameFileNamedExplicitlyIsAnError() throws IOException {
    Files.writeString(dir.resolve("workflow.yml"), "name: ci\non: push\n");

    ValidationResult result = load("workflow.yml");

    assertEquals(
        List.of("workflow.yml:1:1: error: this is not an AKSCluster: apiVersion and kind are missing"
            + " (expected apiVersion: infrastructure.modelplane.ai/v1alpha1 and kind: AKSCluster)"),
        result.diagnostics().stream().map(Diagnostic::format).toList());
  }

  @Test
  void aClusterDefinedTwiceIsAnErrorNamingTheFirst() throws IOException {
    Files.writeString(dir.resolve("a.yaml"), CLUSTER);
    Files.writeString(dir.resolve("b.yaml"), "# the same cluster again\n" + CLUSTER);

    ValidationResult result = load("a.yaml", "b.yaml");

    assertEquals(1, result.clusters().size());
    assertEquals(
        List.of("b.yaml:2:1: error: metadata.name: AKSCluster default/one is already defined at a.yaml:1"
            + " (give one of them another name or namespace)"),
        result.diagnostics().stream().map(Diagnostic::format).toList());
  }

  @Test
  void hiddenFoldersAndGeneratedTreesAreNotSearched() throws IOException {
    Files.createDirectories(dir.resolve("repo/.github/workflows"));
    Files.createDirectories(dir.resolve("repo/infra/.modelplane"));
    Files.createDirectories(dir.resolve("repo/infra/modules/chart"));
    Files.writeString(dir.resolve("repo/one.yaml"), CLUSTER);
    Files.writeString(dir.resolve("repo/.github/workflows/ci.yml"), "name: ci\n");
    Files.writeString(dir.resolve("repo/infra/modules/chart/Chart.yaml"), "apiVersion: v2\nname: chart\n");

    assertEquals(List.of(dir.resolve("repo/one.yaml")), Inputs.yamlFilesUnder(dir.resolve("repo")));
  }
}
