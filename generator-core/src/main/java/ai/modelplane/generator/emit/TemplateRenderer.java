package ai.modelplane.generator.emit;

import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TemplateEngine;
import ai.modelplane.generator.render.bicep.BicepOutputFormat;
import ai.modelplane.generator.render.terraform.HclOutputFormat;
import freemarker.core.OutputFormat;
import java.util.List;

/**
 * Lays out one target's planned files with their templates, escaping every value through that
 * target's output format; the targets differ only in the format.
 */
public final class TemplateRenderer implements TargetRenderer {
  private final Target target;
  private final TemplateEngine engine;

  private TemplateRenderer(Target target, OutputFormat format) {
    this.target = target;
    this.engine = new TemplateEngine(List.of(format));
  }

  /** Terraform, escaping through the HCL output format. */
  public static TemplateRenderer terraform() {
    return new TemplateRenderer(Target.TERRAFORM, HclOutputFormat.INSTANCE);
  }

  /** Bicep, escaping through the Bicep output format. */
  public static TemplateRenderer bicep() {
    return new TemplateRenderer(Target.BICEP, BicepOutputFormat.INSTANCE);
  }

  @Override
  public Target target() {
    return target;
  }

  @Override
  public String render(PlannedFile file) {
    return engine.render(file.template(), file.view());
  }

  @Override
  public void prepare() {
    engine.prepare(Planner.templates(target));
  }
}
