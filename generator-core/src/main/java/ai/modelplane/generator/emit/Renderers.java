package ai.modelplane.generator.emit;

import ai.modelplane.generator.render.Target;
import java.util.Optional;

/**
 * The renderer of each target. Created on demand, so that a Terraform-only run never loads Bicep
 * templates.
 */
public final class Renderers {
  private Renderers() {}

  public static Optional<TargetRenderer> forTarget(Target target) {
    return Optional.of(
        switch (target) {
          case TERRAFORM -> TemplateRenderer.terraform();
          case BICEP -> TemplateRenderer.bicep();
        });
  }
}
