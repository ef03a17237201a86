package ai.modelplane.generator.plan;

import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TemplateEngine;
import ai.modelplane.generator.render.bicep.BicepOutputFormat;
import java.util.List;

/** Lays out planned Bicep files with their templates, escaping through the Bicep output format. */
public final class BicepRenderer implements TargetRenderer {
  private final TemplateEngine engine = new TemplateEngine(List.of(BicepOutputFormat.INSTANCE));

  @Override
  public Target target() {
    return Target.BICEP;
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
