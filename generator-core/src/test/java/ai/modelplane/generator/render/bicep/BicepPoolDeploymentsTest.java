package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.approvaltests.Approvals;
import org.approvaltests.namer.NamedEnvironment;
import org.approvaltests.namer.NamerFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The agent pools and nested deployments each example asks ARM for, as property paths and values
 * (see {@link BicepPoolDeployments}). Approved once from the output before a refactoring of the
 * pool templates, so that a change of files, parameter names or module layout that sends ARM
 * anything else fails here, whatever the text diff of the Bicep.
 */
class BicepPoolDeploymentsTest {
  static Stream<String> examples() {
    return Fixtures.renderedExamples();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void everyExampleDeploysTheApprovedPools(String example) {
    Map<String, String> tree = BicepTypeCheckTest.render(example);
    StringBuilder dump = new StringBuilder();
    List<String> roots =
        tree.keySet().stream()
            .filter(path -> path.endsWith("/bicep/main.bicep"))
            .map(path -> path.substring(0, path.length() - "main.bicep".length()))
            .sorted()
            .toList();
    for (String root : roots) {
      List<String> lines = BicepPoolDeployments.of(tree, root);
      assertTrue(lines.stream().anyMatch(l -> l.startsWith("pool ")), "no pool in " + root);
      dump.append("=== ").append(root).append(" ===\n");
      lines.forEach(line -> dump.append(line).append('\n'));
    }
    try (NamedEnvironment env = NamerFactory.withParameters(example)) {
      Approvals.verify(dump.toString());
    }
  }
}
