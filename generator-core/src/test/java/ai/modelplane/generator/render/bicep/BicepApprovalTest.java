package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.render.GeneratedFile;
import java.util.List;
import org.approvaltests.Approvals;
import org.approvaltests.core.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The whole Bicep tree of every example, approved; and rendering is byte-for-byte repeatable. */
class BicepApprovalTest {
  static List<String> examples() {
    return Examples.names();
  }

  /** Every file of the tree, in output order, each under a header naming its path. */
  static String dump(List<GeneratedFile> files) {
    StringBuilder out = new StringBuilder();
    for (GeneratedFile file : files) {
      out.append("===== ").append(file.relativePath()).append(" =====\n").append(file.content());
    }
    return out.toString();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void outputTreeIsApproved(String example) {
    Approvals.verify(
        dump(new BicepRenderer().render(Examples.load(example))),
        new Options().forFile().withAdditionalInformation(example.replace(".yaml", "")));
  }

  @ParameterizedTest
  @MethodSource("examples")
  void renderingTwiceGivesTheSameBytes(String example) {
    String first = dump(new BicepRenderer().render(Examples.load(example)));
    String second = dump(new BicepRenderer().render(Examples.load(example)));
    assertEquals(first, second);
  }

  @Test
  void fleetWritesOneRootPerClusterAndTheModulesOnce() {
    List<String> paths =
        new BicepRenderer().render(Examples.load("fleet.yaml")).stream().map(GeneratedFile::relativePath).toList();
    assertEquals(
        List.of(
            "fleet/serving-northeurope/bicep/main.bicep",
            "fleet/serving-northeurope/bicep/main.bicepparam",
            "fleet/serving-westeurope/bicep/main.bicep",
            "fleet/serving-westeurope/bicep/main.bicepparam",
            "fleet/training-swedencentral/bicep/main.bicep",
            "fleet/training-swedencentral/bicep/main.bicepparam",
            "modules/bicep/aksCommandInvoke.sh",
            "modules/bicep/cluster.bicep",
            "modules/bicep/gpuNodePool.bicep",
            "modules/bicep/infinibandFeatureCheck.bicep",
            "modules/bicep/modelCache.bicep",
            "modules/bicep/network.bicep",
            "modules/bicep/nvidiaNetworkOperator.bicep"),
        paths);
  }

  @Test
  void noClustersGiveNoFiles() {
    assertEquals(List.of(), new BicepRenderer().render(List.of()));
  }
}
