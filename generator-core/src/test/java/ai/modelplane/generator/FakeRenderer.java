package ai.modelplane.generator;

import ai.modelplane.generator.emit.PlannedFile;
import ai.modelplane.generator.emit.Planner;
import ai.modelplane.generator.emit.RenderPlan;
import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.model.NodePool;
import ai.modelplane.generator.render.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A plan with the real one's shape (a root per cluster, one file per pool, shared modules once),
 * small enough that tests can spell out its output, and the renderer that writes each file's text.
 */
class FakeRenderer implements TargetRenderer {
  /** The whole text of one fake file. */
  record Text(String text) {}

  static final Planner PLANNER = FakeRenderer::plan;

  private final Target target;

  FakeRenderer(Target target) {
    this.target = target;
  }

  static RenderPlan plan(List<AksCluster> clusters, java.util.Set<Target> targets) {
    List<PlannedFile> files = new ArrayList<>();
    for (Target target : new TreeSet<>(targets)) {
      files.add(
          file(
              target,
              "modules/" + target.id() + "/README.md",
              "# shared " + target.id() + " modules\n"));
      for (AksCluster cluster : clusters) {
        String root = cluster.namespace() + "/" + cluster.name() + "/" + target.id() + "/";
        files.add(
            file(
                target,
                root + "main.tf",
                "# generated from "
                    + cluster.source().displayPath()
                    + "\nlocation = \""
                    + cluster.spec().location()
                    + "\"\n"));
        for (NodePool pool : cluster.spec().nodePools()) {
          files.add(
              file(
                  target,
                  root + "pool-" + pool.name() + ".tf",
                  "vm_size = \"" + pool.vmSize() + "\"\n"));
        }
      }
    }
    return new RenderPlan(List.of(), files);
  }

  private static PlannedFile file(Target target, String path, String text) {
    return new PlannedFile(target, path, "fake.ftl", new Text(text));
  }

  @Override
  public Target target() {
    return target;
  }

  @Override
  public String render(PlannedFile file) {
    return ((Text) file.view()).text();
  }
}
