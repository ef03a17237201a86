package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.render.InClusterDaemonSets;
import ai.modelplane.generator.render.InClusterDaemonSets.Taint;
import ai.modelplane.generator.render.InClusterDaemonSets.Toleration;
import ai.modelplane.testsupport.bicep.BicepAst;
import ai.modelplane.testsupport.bicep.BicepAst.Arr;
import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Expr;
import ai.modelplane.testsupport.bicep.BicepAst.Obj;
import ai.modelplane.testsupport.bicep.BicepAst.Prop;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepAst.VarDecl;
import ai.modelplane.testsupport.bicep.BicepParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Bicep output's side of {@code GpuTaintTolerationTest}: the deployment script's chart values
 * and NicClusterPolicy tolerate the taint the GPU pools carry ({@link InClusterDaemonSets} says
 * which DaemonSets exist and why).
 */
class GpuTaintTolerationBicepTest {
  @Test
  void everyDaemonSetToleratesTheGpuTaint() {
    Map<String, String> files =
        BicepLifecycleTest.render(Fixtures.example("inference-westeurope.yaml"));
    List<Taint> taints = new ArrayList<>();
    collectTaints(
        BicepParser.parse("main.bicep", files.get("platform/inference-westeurope/bicep/main.bicep"))
            .statements(),
        taints);
    BicepFile components =
        BicepParser.parse(
            "inClusterComponents.bicep", files.get("modules/bicep/inClusterComponents.bicep"));

    // The helm command sets exactly one value, from one variable.
    String install =
        String.join(
            "",
            ((Str) variable(components, "installNetworkOperator"))
                .parts().stream()
                    .map(part -> part instanceof String s ? s : "${" + source((Expr) part) + "}")
                    .toList());
    int helm = install.indexOf("helm upgrade --install");
    assertTrue(helm >= 0, install);
    int end = install.indexOf("&&", helm);
    String helmCommand = install.substring(helm, end < 0 ? install.length() : end);
    Matcher setters =
        Pattern.compile("--set(-json|-string|-file)?\\s+\\\\?'?([^=\\s]+)=|\\s(-f|--values)\\s")
            .matcher(helmCommand);
    List<String> set = new ArrayList<>();
    while (setters.find()) {
      set.add(setters.group(2) == null ? setters.group(3) : setters.group(2));
    }
    assertEquals(new ArrayList<>(InClusterDaemonSets.CHART_VALUES), set, install);
    assertTrue(
        install.contains(
            "node-feature-discovery.worker.tolerations=${string(nodeFeatureDiscoveryTolerations)}"),
        install);
    InClusterDaemonSets.assertTolerated(
        "node-feature-discovery worker",
        tolerations((Arr) variable(components, "nodeFeatureDiscoveryTolerations")),
        taints);

    Obj spec = (Obj) ((Obj) variable(components, "nicClusterPolicy")).get("spec").orElseThrow();
    assertEquals(
        new TreeSet<>(InClusterDaemonSets.POLICY_SPEC),
        new TreeSet<>(spec.props().stream().map(Prop::key).toList()));
    List<Toleration> policy = tolerations((Arr) spec.get("tolerations").orElseThrow());
    InClusterDaemonSets.assertTolerated("DOCA driver (ofedDriver)", policy, taints);
    InClusterDaemonSets.assertTolerated("RDMA shared device plugin", policy, taints);
  }

  private static Expr variable(BicepFile file, String name) {
    return file.statements().stream()
        .filter(statement -> statement instanceof VarDecl var && var.name().equals(name))
        .map(statement -> ((VarDecl) statement).value())
        .findFirst()
        .orElseThrow(() -> new AssertionError("no var " + name + " in " + file.path()));
  }

  /** An interpolation as written: a reference or a call of references. */
  private static String source(Expr expr) {
    if (expr instanceof BicepAst.Ref ref) {
      return ref.name();
    }
    if (expr instanceof BicepAst.Call call && call.target().isEmpty()) {
      return call.name()
          + "("
          + String.join(
              ", ", call.args().stream().map(GpuTaintTolerationBicepTest::source).toList())
          + ")";
    }
    return expr.toString();
  }

  private static List<Toleration> tolerations(Arr list) {
    List<Toleration> tolerations = new ArrayList<>();
    for (Expr item : list.items()) {
      Obj toleration = (Obj) item;
      tolerations.add(
          new Toleration(
              text(toleration, "key"),
              text(toleration, "operator"),
              text(toleration, "value"),
              text(toleration, "effect")));
    }
    return tolerations;
  }

  private static String text(Obj object, String key) {
    return object.get(key).map(value -> ((Str) value).literal()).orElse(null);
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
