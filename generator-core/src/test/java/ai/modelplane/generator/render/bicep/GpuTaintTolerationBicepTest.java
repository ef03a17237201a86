package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.parity.RunCommandObjects;
import ai.modelplane.generator.parity.Trees;
import ai.modelplane.generator.render.InClusterDaemonSets;
import ai.modelplane.generator.render.InClusterDaemonSets.Taint;
import ai.modelplane.testsupport.bicep.BicepAst.Arr;
import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.ModuleDecl;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.Prop;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Bicep output's side of {@code GpuTaintTolerationTest}: the chart values and NicClusterPolicy
 * the deployment script hands the run command tolerate the taint the GPU pools carry ({@link
 * InClusterDaemonSets} says which DaemonSets exist and why).
 */
class GpuTaintTolerationBicepTest {
  @Test
  void everyDaemonSetToleratesTheGpuTaint() {
    assertTolerated("inference-westeurope.yaml", "platform/inference-westeurope/bicep/main.bicep");
  }

  @Test
  void everyDaemonSetOfAPrivateClusterToleratesTheGpuTaint() {
    assertTolerated("private-cluster.yaml", "platform/inference-private/bicep/main.bicep");
  }

  /**
   * The chart values and the policy are what the in-cluster step hands the run command: the files
   * its command reads.
   */
  private static void assertTolerated(String example, String mainPath) {
    Map<String, String> files = BicepLifecycleTest.render(Fixtures.example(example));
    BicepFile main = BicepParser.parse("main.bicep", files.get(mainPath));
    List<Taint> taints = new ArrayList<>();
    collectTaints(main.statements(), taints);
    ModuleDecl step =
        main.modules().stream()
            .filter(m -> m.path().endsWith("/inClusterComponents.bicep"))
            .findFirst()
            .orElseThrow();
    Obj params = (Obj) step.body().get("params").orElseThrow();
    Map<String, Object> attached =
        Trees.yaml(((Str) params.get("manifests").orElseThrow()).literal());
    RunCommandObjects objects =
        RunCommandObjects.read(
            ((Str) params.get("command").orElseThrow()).literal(), attached::get);

    List<String> charts = new ArrayList<>();
    for (RunCommandObjects.Release release : objects.releases()) {
      charts.add(release.chart());
      if (release.name().equals("network-operator")) {
        InClusterDaemonSets.assertNetworkOperatorTolerates(
            release.values(), objects.manifest("NicClusterPolicy"), taints);
      } else {
        InClusterDaemonSets.assertGpuStackTolerates(release.chart(), release.values(), taints);
      }
    }
    assertEquals(
        List.of("node-feature-discovery", "network-operator", "dra-driver-nvidia-gpu"), charts);
  }

  /** Every {@code nodeTaints: [ '…' ]} anywhere in the statements (the GPU pools' parameters). */
  private static void collectTaints(Object node, List<Taint> taints) {
    if (node instanceof Prop prop
        && prop.key() != null
        && prop.key().equals("nodeTaints")
        && prop.value() instanceof Arr list) {
      for (Expr item : list.items()) {
        taints.add(Taint.parse(((Str) item).literal()));
      }
    } else if (node instanceof Record record) {
      for (var component : record.getClass().getRecordComponents()) {
        try {
          collectTaints(component.getAccessor().invoke(record), taints);
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        }
      }
    } else if (node instanceof List<?> items) {
      items.forEach(item -> collectTaints(item, taints));
    } else if (node instanceof java.util.Optional<?> optional) {
      optional.ifPresent(value -> collectTaints(value, taints));
    }
  }
}
