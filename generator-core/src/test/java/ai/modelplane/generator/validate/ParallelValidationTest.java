package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.model.AksCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet read and validated on every core gives exactly what one thread gives, in source order.
 */
class ParallelValidationTest {
  private static final Clock CLOCK = Fixtures.CLOCK;

  @TempDir Path folder;

  private static String cluster(String name, String extra) {
    return Fixtures.cluster(name, "eastus2") + extra;
  }

  private List<InputSource> fleet() throws IOException {
    for (int i = 0; i < 40; i++) {
      String name = String.format("c%02d", i);
      String text =
          switch (i % 10) {
            case 3 -> cluster(name, "      nodeCount: 0\n");
            case 5 -> cluster(name, "      maxNodeCount: 2\n      nodeCount: 3\n");
            case 7 -> "replicas: 3\n";
            case 8 -> cluster("c00", "");
            case 9 -> "apiVersion: [\n";
            default -> cluster(name, "");
          };
      Files.writeString(folder.resolve(name + ".yaml"), text);
    }
    return Inputs.expand(List.of(folder.toString()), folder);
  }

  private static List<String> formatted(ValidationResult result) {
    return result.diagnostics().stream().map(Diagnostic::format).toList();
  }

  @Test
  void parallelAndSequentialLoadsAgreeExactly() throws IOException {
    List<InputSource> sources = fleet();
    assertEquals(40, sources.size());

    ValidationResult sequential =
        new Validator(CrdSchema.bundled(), CLOCK, Integer.MAX_VALUE).validate(sources);
    ValidationResult parallel = new Validator(CrdSchema.bundled(), CLOCK, 1).validate(sources);

    assertEquals(formatted(sequential), formatted(parallel));
    assertEquals(
        sequential.clusters().stream().map(AksCluster::qualifiedName).toList(),
        parallel.clusters().stream().map(AksCluster::qualifiedName).toList());
    // 40 files: 24 valid, of which the 4 named c00 again are duplicates; 4 + 4 invalid; 4 skipped;
    // 4 unreadable.
    assertEquals(20, parallel.clusters().size());
    assertEquals("default/c00", parallel.clusters().get(0).qualifiedName());
    assertEquals("default/c36", parallel.clusters().get(19).qualifiedName());
    assertEquals(20, parallel.diagnostics().size());
    String dir = folder.toString();
    assertEquals(
        List.of(
            dir
                + "/c03.yaml:11:18: error: spec.nodePools[0].nodeCount: nodeCount must be at least minNodeCount (1 when minNodeCount is omitted)",
            dir
                + "/c05.yaml:12:18: error: spec.nodePools[0].nodeCount: nodeCount must not exceed maxNodeCount",
            dir
                + "/c07.yaml:1:1: warning: not a Kubernetes resource (no apiVersion and kind); skipped (name the file to validate it as an AKSCluster)",
            dir
                + "/c08.yaml:1:1: error: metadata.name: AKSCluster default/c00 is already defined at "
                + dir
                + "/c00.yaml:1 (give one of them another name or namespace)",
            dir
                + "/c09.yaml:2:1: error: not valid YAML: expected the node content, but found '<stream end>' (while parsing a flow node that starts at 2:1)"),
        formatted(parallel).subList(0, 5));
  }
}
