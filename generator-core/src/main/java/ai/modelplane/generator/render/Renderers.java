package ai.modelplane.generator.render;

import java.util.Optional;

/**
 * The renderer of each target. Created on demand, so that a Terraform-only run never loads Bicep
 * templates.
 */
public final class Renderers {
  private Renderers() {}

  public static Optional<TargetRenderer> forTarget(Target target) {
    return switch (target) {
      // Each renderer registers itself here when it lands.
      case TERRAFORM -> Optional.empty();
      case BICEP -> Optional.of(new ai.modelplane.generator.render.bicep.BicepRenderer());
    };
  }
}
