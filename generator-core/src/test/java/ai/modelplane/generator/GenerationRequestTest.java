package ai.modelplane.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.render.Target;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GenerationRequestTest {
  final GenerationRequest defaults =
      GenerationRequest.of(
          List.of("clusters"), Path.of("/w"), Path.of("out"), Set.of(Target.BICEP));

  @Test
  void aNewRequestTakesEverySafeDefault() {
    assertEquals(
        new GenerationRequest(
            List.of("clusters"),
            Path.of("/w"),
            Path.of("out"),
            Set.of(Target.BICEP),
            false,
            false,
            false,
            false,
            false,
            false),
        defaults);
  }

  @Test
  void eachWithMethodChangesItsOptionAndNoOther() {
    assertEquals(
        List.of(true, false, false, false, false, false), options(defaults.withCheck(true)));
    assertEquals(
        List.of(false, true, false, false, false, false), options(defaults.withStrict(true)));
    assertEquals(
        List.of(false, false, true, false, false, false), options(defaults.withForce(true)));
    assertEquals(
        List.of(false, false, false, true, false, false), options(defaults.withAllowEmpty(true)));
    assertEquals(
        List.of(false, false, false, false, true, false), options(defaults.withAdopt(true)));
    assertEquals(
        List.of(false, false, false, false, false, true),
        options(defaults.withAdoptInCluster(true)));
    GenerationRequest all =
        defaults
            .withCheck(true)
            .withStrict(true)
            .withForce(true)
            .withAllowEmpty(true)
            .withAdopt(true)
            .withAdoptInCluster(true);
    assertEquals(List.of(true, true, true, true, true, true), options(all));
    assertEquals(
        defaults,
        all.withCheck(false)
            .withStrict(false)
            .withForce(false)
            .withAllowEmpty(false)
            .withAdopt(false)
            .withAdoptInCluster(false));
  }

  @Test
  void adoptInClusterImpliesTheImportsOfAdopt() {
    assertTrue(defaults.withAdoptInCluster(true).writesImports());
    assertTrue(defaults.withAdopt(true).writesImports());
    assertEquals(false, defaults.writesImports());
  }

  private static List<Boolean> options(GenerationRequest request) {
    return List.of(
        request.check(),
        request.strict(),
        request.force(),
        request.allowEmpty(),
        request.adopt(),
        request.adoptInCluster());
  }

  @Test
  void onlyACheckMayTakeItsTargetsFromTheManifest() {
    GenerationRequest recorded =
        GenerationRequest.checkRecordedTargets(List.of("clusters"), Path.of("/w"), Path.of("out"));
    assertTrue(recorded.check());
    assertTrue(recorded.targetsAsRecorded());
    assertEquals(Set.of(), recorded.targets());
    assertEquals(defaults.withCheck(true), recorded.withTargets(Set.of(Target.BICEP)));
    assertThrows(IllegalArgumentException.class, () -> recorded.withCheck(false));
    assertThrows(
        IllegalArgumentException.class,
        () -> GenerationRequest.of(List.of("c"), Path.of("/w"), Path.of("out"), Set.of()));
  }
}
