package ai.modelplane.generator.render;

import static ai.modelplane.generator.TestClusters.cluster;
import static ai.modelplane.generator.TestClusters.systemPool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.emit.PlannedFile;
import ai.modelplane.generator.emit.Planner;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.plan.view.TerraformRootView;
import ai.modelplane.generator.render.terraform.HclOutputFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Templates read views and nothing else: reaching into the model fails at render time. */
class ViewsOnlyObjectWrapperTest {
  final TemplateEngine engine = new TemplateEngine(List.of(HclOutputFormat.INSTANCE));
  final AksCluster cluster = cluster("platform", "c", systemPool(0, "system"));

  @Test
  void aTemplateReadsTheViewsOfThePlan() {
    TerraformRootView view = (TerraformRootView) rootFile().view();

    assertEquals(
        "location = \"" + cluster.spec().location() + "\"\n",
        engine.render("test/reads-a-view.tf.ftl", view));
  }

  @Test
  void aTemplateThatCallsIntoTheModelFailsAtRenderTime() {
    RenderException e =
        assertThrows(
            RenderException.class,
            () -> engine.render("test/navigates-the-model.tf.ftl", Map.of("cluster", cluster)));

    assertTrue(
        e.getMessage()
            .contains(
                "templates read only views (records of ai.modelplane.generator.plan.view), not ai.modelplane.generator.model.AksCluster"),
        e.getMessage());
  }

  @Test
  void theSameTemplateFailsWithAViewBecauseViewsHoldNoModel() {
    RenderException e =
        assertThrows(
            RenderException.class,
            () -> engine.render("test/navigates-the-model.tf.ftl", rootFile().view()));

    assertTrue(
        e.getMessage().startsWith("template test/navigates-the-model.tf.ftl line 2: "),
        e.getMessage());
  }

  private PlannedFile rootFile() {
    return Planner.plan(List.of(cluster), Set.of(Target.TERRAFORM)).files().stream()
        .filter(f -> f.path().endsWith("/terraform/main.tf"))
        .findFirst()
        .orElseThrow();
  }
}
