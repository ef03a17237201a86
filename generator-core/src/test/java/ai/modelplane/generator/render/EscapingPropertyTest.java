package ai.modelplane.generator.render;

import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.bicep.BicepRoundTrip;
import ai.modelplane.generator.render.terraform.HclRoundTrip;
import ai.modelplane.generator.text.NoRawUnsafeText;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hostile strings in every free-form field, for every target: each generated file still parses
 * (and, for Bicep, passes the type check), carries each value exactly, and holds control and bidi
 * characters only as escapes. The seed is fixed so a failure reproduces.
 */
class EscapingPropertyTest {
  private static final int ROUNDS = 300;

  @ParameterizedTest
  @EnumSource(Target.class)
  void everyFreeFormValueSurvivesExactly(Target target) {
    Random random = new Random(20261129L);
    TargetRenderer renderer = Renderers.forTarget(target).orElseThrow();
    for (int round = 0; round < ROUNDS; round++) {
      AksCluster cluster = HostileClusters.random(random);
      List<GeneratedFile> files = renderer.render(List.of(cluster));
      // Trojan-source text in reviewed code: controls and bidi controls only as escapes.
      files.forEach(file -> NoRawUnsafeText.check(file.relativePath(), file.content()));
      String where = target.id() + " round " + round;
      switch (target) {
        case TERRAFORM -> HclRoundTrip.assertCarriesValues(cluster, files, where);
        case BICEP -> BicepRoundTrip.assertCarriesValues(cluster, files, where);
      }
    }
  }
}
