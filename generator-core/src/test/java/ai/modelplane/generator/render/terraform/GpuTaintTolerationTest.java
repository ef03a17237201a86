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
    // values = [file("${path.module}/network-operator.values.yaml")]: the file is what Helm reads.
    Hcl.Call file = (Hcl.Call) ((Hcl.Tuple) values).items().get(0);
    assertEquals("file", file.name());
    Hcl.Template path = (Hcl.Template) file.args().get(0);
    assertEquals("path.module", ((Hcl.Traversal) path.parts().get(0)).dotted());
    String valuesFile = MODULE + ((String) path.parts().get(1)).substring(1);

    InClusterDaemonSets.assertNetworkOperatorTolerates(
        Trees.yaml(files.get(valuesFile)),
        Trees.yaml(
            files.get(MODULE + "charts/nic-cluster-policy/templates/nic-cluster-policy.yaml")),
        gpuTaints(files, "platform/inference-westeurope/terraform/"));
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

    InClusterDaemonSets.assertNetworkOperatorTolerates(
        objects.releases().get(0).values(),
        objects.manifest("NicClusterPolicy"),
        gpuTaints(files, root));
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
