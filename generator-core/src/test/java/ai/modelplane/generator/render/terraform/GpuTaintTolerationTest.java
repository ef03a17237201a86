package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.plan.TemplateRenderer;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.InClusterDaemonSets;
import ai.modelplane.generator.render.InClusterDaemonSets.Taint;
import ai.modelplane.generator.render.InClusterDaemonSets.Toleration;
import ai.modelplane.testsupport.hcl.Hcl;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every DaemonSet the generated Terraform's charts create tolerates the taint its GPU pools carry,
 * read from the rendered files: the pools' {@code node_taints}, the operator release's values and
 * the NicClusterPolicy. {@link InClusterDaemonSets} says which DaemonSets exist and why.
 */
class GpuTaintTolerationTest {
  private static final String MODULE = "modules/terraform/nvidia-network-operator/";

  @Test
  void everyDaemonSetToleratesTheGpuTaint() throws Exception {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file :
        TemplateRenderer.terraform().render(Fixtures.example("inference-westeurope"))) {
      files.put(file.relativePath(), file.content());
    }
    List<Taint> taints = gpuTaints(files);
    String taintKey =
        Hcl.parse(files.get("platform/inference-westeurope/terraform/in-cluster/main.tf"))
            .block("module", "nvidia_network_operator")
            .body()
            .string("gpu_taint_key");

    Hcl.Expr values =
        Hcl.parse(files.get(MODULE + "main.tf"))
            .block("resource", "helm_release", "network_operator")
            .body()
            .attribute("values")
            .orElseThrow()
            .value();
    Hcl.ObjectCons chartValues =
        (Hcl.ObjectCons) ((Hcl.Call) ((Hcl.Tuple) values).items().get(0)).args().get(0);
    Map<String, Hcl.Expr> leaves = new TreeMap<>();
    flatten("", chartValues, leaves);
    assertEquals(new TreeSet<>(InClusterDaemonSets.CHART_VALUES), leaves.keySet());
    List<Toleration> workerTolerations = new ArrayList<>();
    for (Hcl.Expr item :
        ((Hcl.Tuple) leaves.get("node-feature-discovery.worker.tolerations")).items()) {
      Map<String, Hcl.Expr> toleration = ((Hcl.ObjectCons) item).items();
      workerTolerations.add(
          new Toleration(
              string(toleration.get("key"), taintKey),
              string(toleration.get("operator"), taintKey),
              string(toleration.get("value"), taintKey),
              string(toleration.get("effect"), taintKey)));
    }
    InClusterDaemonSets.assertTolerated("node-feature-discovery worker", workerTolerations, taints);

    JsonNode policy =
        new ObjectMapper(new YAMLFactory())
            .readTree(
                files.get(MODULE + "charts/nic-cluster-policy/templates/nic-cluster-policy.yaml"));
    assertEquals(new TreeSet<>(InClusterDaemonSets.POLICY_SPEC), fieldNames(policy.get("spec")));
    List<Toleration> policyTolerations = new ArrayList<>();
    for (JsonNode toleration : policy.get("spec").path("tolerations")) {
      policyTolerations.add(
          new Toleration(
              text(toleration, "key"),
              text(toleration, "operator"),
              text(toleration, "value"),
              text(toleration, "effect")));
    }
    InClusterDaemonSets.assertTolerated("DOCA driver (ofedDriver)", policyTolerations, taints);
    InClusterDaemonSets.assertTolerated("RDMA shared device plugin", policyTolerations, taints);
  }

  /** The taints of every pool module in the root's pool files. */
  private static List<Taint> gpuTaints(Map<String, String> files) {
    List<Taint> taints = new ArrayList<>();
    files.forEach(
        (path, content) -> {
          if (path.startsWith("platform/inference-westeurope/terraform/main.pool-")) {
            for (Hcl.Block module : Hcl.parse(content).blocks("module")) {
              module
                  .body()
                  .attribute("node_taints")
                  .ifPresent(
                      attribute -> {
                        for (Hcl.Expr taint : ((Hcl.Tuple) attribute.value()).items()) {
                          taints.add(Taint.parse((String) ((Hcl.Literal) taint).value()));
                        }
                      });
            }
          }
        });
    return taints;
  }

  private static void flatten(String prefix, Hcl.ObjectCons object, Map<String, Hcl.Expr> leaves) {
    object
        .items()
        .forEach(
            (key, value) -> {
              String path = prefix.isEmpty() ? key : prefix + "." + key;
              if (value instanceof Hcl.ObjectCons nested) {
                flatten(path, nested, leaves);
              } else {
                leaves.put(path, value);
              }
            });
  }

  /** A string literal, or {@code var.gpu_taint_key} resolved to what the in-cluster root passes. */
  private static String string(Hcl.Expr expr, String taintKey) {
    if (expr == null) {
      return null;
    }
    if (expr instanceof Hcl.Traversal traversal && traversal.dotted().equals("var.gpu_taint_key")) {
      return taintKey;
    }
    return (String) ((Hcl.Literal) expr).value();
  }

  private static String text(JsonNode node, String field) {
    return node.hasNonNull(field) ? node.get(field).asText() : null;
  }

  private static TreeSet<String> fieldNames(JsonNode node) {
    TreeSet<String> names = new TreeSet<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
