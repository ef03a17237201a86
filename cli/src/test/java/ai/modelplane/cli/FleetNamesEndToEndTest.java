package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two inputs of one run that would manage the same Azure resources: {@code validate} and {@code
 * generate} refuse them (MP418), naming both files and lines, and write nothing.
 */
class FleetNamesEndToEndTest {
  private static final String CLUSTER =
      """
      apiVersion: infrastructure.modelplane.ai/v1alpha1
      kind: AKSCluster
      metadata:
        name: NAME
        namespace: NAMESPACE
      ANNOTATIONS
      spec:
        location: westeurope
        kubernetesVersion: "1.35"
        nodePools:
          - name: system
            role: System
            vmSize: Standard_D4s_v5
      """;

  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ModelplaneCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  private static String cluster(String name, String namespace, String annotations) {
    return CLUSTER
        .replace("NAMESPACE", namespace)
        .replace("NAME", name)
        .replace("ANNOTATIONS\n", annotations.isEmpty() ? "" : "  annotations:\n" + annotations);
  }

  private Path write(String relative, String content) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return file;
  }

  /** {first, second} input of each pair the attack review found generating with exit 0. */
  private List<Path[]> pairs() throws IOException {
    String imported =
        "    infrastructure.modelplane.ai/resource-group: rg-inference\n"
            + "    infrastructure.modelplane.ai/cluster-name: aks-inference\n";
    return List.of(
        new Path[] {
          write(
              "case/a.yaml",
              cluster(
                  "a", "default", "    infrastructure.modelplane.ai/resource-group: Shared-RG\n")),
          write(
              "case/b.yaml",
              cluster(
                  "b", "default", "    infrastructure.modelplane.ai/resource-group: shared-rg\n"))
        },
        new Path[] {
          write("dots/a.yaml", cluster("x.y", "default", "")),
          write("dots/b.yaml", cluster("x-y-b24ca9b7", "default", ""))
        },
        new Path[] {
          write("imported/a.yaml", cluster("inference", "team-a", imported)),
          write("imported/b.yaml", cluster("inference", "team-b", imported))
        },
        new Path[] {
          write("nodes/a.yaml", cluster("x", "default", "")),
          write("nodes/b.yaml", cluster("x-nodes", "default", ""))
        });
  }

  @Test
  void everyCollidingPairIsAnErrorNamingBothFilesAndWritesNothing() throws IOException {
    for (Path[] pair : pairs()) {
      Path out = dir.resolve("out-" + pair[0].getParent().getFileName());

      Run validate = run("validate", Fixtures.AS_OF_OPTION, pair[0].toString(), pair[1].toString());
      Run generate =
          run(
              "generate",
              "--target",
              "all",
              "--out",
              out.toString(),
              pair[0].toString(),
              pair[1].toString());

      for (Run run : List.of(validate, generate)) {
        assertEquals(1, run.exitCode(), run.out() + run.err());
        List<String> errors = run.err().lines().filter(l -> l.contains(": error: ")).toList();
        assertEquals(1, errors.size(), run.err());
        String error = errors.get(0);
        assertTrue(error.startsWith(pair[1] + ":"), error);
        assertTrue(error.contains(" at " + pair[0] + ":"), error);
        assertTrue(error.contains("so both outputs would manage the same Azure resources"), error);
      }
      assertFalse(Files.exists(out.resolve("default")), "generate wrote into " + out);
      assertFalse(Files.exists(out.resolve("team-a")), "generate wrote into " + out);
    }
  }

  @Test
  void equalDnsPrefixesAreNoCollision() throws IOException {
    // AKS appends its own hash to the prefix in the API server's FQDN.
    Path a =
        write(
            "dns/a.yaml",
            cluster("one", "default", "    infrastructure.modelplane.ai/dns-prefix: shared\n"));
    Path b =
        write(
            "dns/b.yaml",
            cluster("two", "default", "    infrastructure.modelplane.ai/dns-prefix: shared\n"));

    Run validate = run("validate", Fixtures.AS_OF_OPTION, a.toString(), b.toString());

    assertEquals(0, validate.exitCode(), validate.out() + validate.err());
  }
}
