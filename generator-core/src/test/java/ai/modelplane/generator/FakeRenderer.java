package ai.modelplane.generator;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TargetRenderer;
import java.util.ArrayList;
import java.util.List;

/**
 * A renderer with the real one's shape (a root per cluster, one file per pool, shared modules
 * once), small enough that tests can spell out its output.
 */
class FakeRenderer implements TargetRenderer {
  private final Target target;

  FakeRenderer(Target target) {
    this.target = target;
  }

  @Override
  public Target target() {
    return target;
  }

  @Override
  public List<GeneratedFile> render(List<AksCluster> clusters) {
    List<GeneratedFile> files = new ArrayList<>();
    files.add(new GeneratedFile("modules/" + target.id() + "/README.md", "# shared " + target.id() + " modules\n"));
    for (AksCluster cluster : clusters) {
      String root = cluster.namespace() + "/" + cluster.name() + "/" + target.id() + "/";
      files.add(
          new GeneratedFile(
              root + "main.tf",
              "# generated from " + cluster.source().displayPath() + "\nlocation = \"" + cluster.spec().location() + "\"\n"));
      for (NodePool pool : cluster.spec().nodePools()) {
        files.add(new GeneratedFile(root + "pool-" + pool.name() + ".tf", "vm_size = \"" + pool.vmSize() + "\"\n"));
      }
    }
    return files;
  }
}
