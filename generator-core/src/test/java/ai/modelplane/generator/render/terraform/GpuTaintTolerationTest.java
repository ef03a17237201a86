package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.emit.TemplateRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.parity.RunCommandObjects;
import ai.modelplane.generator.parity.Trees;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.InClusterDaemonSets;
import ai.modelplane.generator.render.InClusterDaemonSets.Taint;
import ai.modelplane.testsupport.hcl.Hcl;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every DaemonSet the generated Terraform's charts create tolerates the taint its GPU pools carry,
 * read from the rendered files: the pools' {@code node_taints}, and the operator release's values
 * and the NicClusterPolicy, as the module releases them (public cluster) or the run command applies
 * them (private cluster). {@link InClusterDaemonSets} says which DaemonSets exist and why.
 */
class GpuTaintTolerationTest {
  private static final String MODULE = "modules/terraform/nvidia-network-operator/";

  @Test
  void everyDaemonSetToleratesTheGpuTaint() {
    Map<String, String> files = render("inference-westeurope");
    Hcl.Body operator = Hcl.parse(files.get(MODULE + "main.tf"));
    Hcl.Expr values =
        operator
            .block("resource", "helm_release", "network_operator")
            .body()
            .attribute("values")
            .orElseThrow()
            .value();
    // values = [file("${path.module}/${var.values_file}")]: the file the root names is what Helm
    // reads.
    Hcl.Call file = (Hcl.Call) ((Hcl.Tuple) values).items().get(0);
    assertEquals("file", file.name());
    Hcl.Template path = (Hcl.Template) file.args().get(0);
    assertEquals("path.module", ((Hcl.Traversal) path.parts().get(0)).dotted());
    assertEquals("var.values_file", ((Hcl.Traversal) path.parts().get(2)).dotted());
    String root = "platform/inference-westeurope/terraform/";
    Hcl.Body inCluster = Hcl.parse(files.get(root + "in-cluster/main.tf"));
    String valuesFile =
        MODULE
            + (String)
                ((Hcl.Literal)
                        inCluster
                            .block("module", "nvidia_network_operator")
                            .body()
                            .attribute("values_file")
                            .orElseThrow()
                            .value())
                    .value();

    InClusterDaemonSets.assertNetworkOperatorTolerates(
        Trees.yaml(files.get(valuesFile)),
        Trees.yaml(
            files.get(MODULE + "charts/nic-cluster-policy/templates/nic-cluster-policy.yaml")),
        gpuTaints(files, root));
    // The GPU stack's modules the root calls, each releasing its chart with its values.yaml.
    List<String> charts = new ArrayList<>();
    for (Hcl.Block call : inCluster.blocks("module")) {
      String source =
          (String) ((Hcl.Literal) call.body().attribute("source").orElseThrow().value()).value();
      String module = "modules/terraform/" + source.substring(source.lastIndexOf('/') + 1) + "/";
      if (!files.containsKey(module + "values.yaml")) {
        continue;
      }
      String chart =
          (String)
              ((Hcl.Literal)
                      Hcl.parse(files.get(module + "main.tf"))
                          .block("resource", "helm_release", "this")
                          .body()
                          .attribute("chart")
                          .orElseThrow()
                          .value())
                  .value();
      charts.add(chart);
      InClusterDaemonSets.assertGpuStackTolerates(
          chart, Trees.yaml(files.get(module + "values.yaml")), gpuTaints(files, root));
    }
    assertEquals(List.of("node-feature-discovery", "dra-driver-nvidia-gpu"), charts);
  }

  @Test
  void everyDaemonSetOfAPrivateClusterToleratesTheGpuTaint() {
    Map<String, String> files = render("private-cluster");
    String root = "platform/inference-private/terraform/";
    Hcl.ObjectCons body =
        (Hcl.ObjectCons)
            Hcl.parse(files.get(root + "in-cluster/main.tf"))
                .block("resource", "azapi_resource_action", "in_cluster_components")
                .body()
                .attribute("body")
                .orElseThrow()
                .value();
    StringBuilder command = new StringBuilder();
    for (Object part : ((Hcl.Template) body.items().get("command")).parts()) {
      command.append(part instanceof String text ? text : "<runtime>");
    }
    RunCommandObjects objects = RunCommandObjects.read(command.toString(), name -> null);

    List<String> charts = new ArrayList<>();
    for (RunCommandObjects.Release release : objects.releases()) {
      charts.add(release.chart());
      if (release.name().equals("network-operator")) {
        InClusterDaemonSets.assertNetworkOperatorTolerates(
            release.values(), objects.manifest("NicClusterPolicy"), gpuTaints(files, root));
      } else {
        InClusterDaemonSets.assertGpuStackTolerates(
            release.chart(), release.values(), gpuTaints(files, root));
      }
    }
    assertEquals(
        List.of("node-feature-discovery", "network-operator", "dra-driver-nvidia-gpu"), charts);
  }

  private static Map<String, String> render(String example) {
    Map<String, String> files = new TreeMap<>();
    for (GeneratedFile file : TemplateRenderer.terraform().render(Fixtures.example(example))) {
      files.put(file.relativePath(), file.content());
    }
    return files;
  }

  /** The taints of every pool module in the root's pool files. */
  private static List<Taint> gpuTaints(Map<String, String> files, String root) {
    List<Taint> taints = new ArrayList<>();
    files.forEach(
        (path, content) -> {
          if (path.startsWith(root + "main.pool-")) {
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
}
