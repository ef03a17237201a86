package ai.modelplane.generator.plan;

import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TemplateEngine;
import ai.modelplane.generator.render.terraform.HclOutputFormat;
import java.util.List;

/**
 * Lays out planned Terraform files with their templates, escaping through the HCL output format.
 */
public final class TerraformRenderer implements TargetRenderer {
  private final TemplateEngine engine = new TemplateEngine(List.of(HclOutputFormat.INSTANCE));

  @Override
  public Target target() {
    return Target.TERRAFORM;
  }

  @Override
  public String render(PlannedFile file) {
    return engine.render(file.template(), file.view());
  }

  @Override
  public void prepare() {
    engine.prepare(Planner.templates(target()));
  }
}
