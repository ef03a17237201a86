package ai.modelplane.generator.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import ai.modelplane.generator.emit.PlannedFile;
import ai.modelplane.generator.emit.Planner;
import ai.modelplane.generator.emit.RenderPlan;
import ai.modelplane.generator.emit.Renderers;
import ai.modelplane.generator.emit.TargetRenderer;
import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.model.AksCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.approvaltests.Approvals;
import org.approvaltests.namer.NamedEnvironment;
import org.approvaltests.namer.NamerFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every target promises, checked the same way for each: every example's whole tree is
 * approved, rendering is repeatable byte for byte, no output calls a non-deterministic built-in,
 * and the renderer writes exactly the files the plan lists. Escaping is checked for every target by
 * {@code EscapingPropertyTest}; other target-specific checks (terraform fmt, Bicep type checks)
 * live beside each target's renderer.
 */
class TargetContractTest {
  /**
   * The repository's examples, plus the test specs (every pool kind; device plugin with MIG; a
   * private Entra ID cluster).
   */
  static final List<String> EXAMPLES =
      List.of(
          "device-plugin-mig",
          "entra-id-private",
          "every-pool-kind",
          "fleet",
          "gpu-economics",
          "inference-westeurope",
          "landing-zone",
          "minimal",
          "multi-pool",
          "private-cluster");

  /**
   * Built-ins whose result changes from run to run, in HCL or Bicep; generated code must never call
   * them.
   */
  static final List<String> NON_DETERMINISTIC =
      List.of("uuid()", "timestamp()", "utcNow()", "newGuid()");

  static Stream<Arguments> targetsAndExamples() {
    List<Arguments> all = new ArrayList<>();
    for (Target target : Target.values()) {
      EXAMPLES.forEach(example -> all.add(Arguments.of(target, example)));
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("targetsAndExamples")
  void everyExampleIsApproved(Target target, String example) {
    String dump = dump(renderer(target).render(load(example)));
    try (NamedEnvironment env = NamerFactory.withParameters(target.id(), example)) {
      Approvals.verify(dump);
    }
  }

  @ParameterizedTest
  @MethodSource("targetsAndExamples")
  void renderingTwiceGivesIdenticalBytes(Target target, String example) {
    assertEquals(renderer(target).render(load(example)), renderer(target).render(load(example)));
  }

  @ParameterizedTest
  @MethodSource("targetsAndExamples")
  void noOutputCallsANonDeterministicBuiltIn(Target target, String example) {
    for (GeneratedFile file : renderer(target).render(load(example))) {
      for (String builtIn : NON_DETERMINISTIC) {
        assertFalse(file.content().contains(builtIn), file.relativePath() + " calls " + builtIn);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("targetsAndExamples")
  void everyPlannedFileIsRenderedAndNothingElse(Target target, String example) {
    RenderPlan plan = Planner.plan(load(example), Set.of(target));

    List<GeneratedFile> rendered = renderer(target).render(load(example));

    assertEquals(
        plan.files().stream().map(PlannedFile::path).toList(),
        rendered.stream().map(GeneratedFile::relativePath).toList());
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void noClustersGiveNoFiles(Target target) {
    assertEquals(List.of(), renderer(target).render(List.of()));
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void eachTargetHasItsRenderer(Target target) {
    assertEquals(target, Renderers.forTarget(target).orElseThrow().target());
  }

  private static TargetRenderer renderer(Target target) {
    return Renderers.forTarget(target).orElseThrow();
  }

  /** Loads an example as the CLI does, with the path a user in the repository root names it by. */
  static List<AksCluster> load(String example) {
    return Fixtures.example(example);
  }

  /** Every file of an output tree, each under a path header, in plan order. */
  static String dump(List<GeneratedFile> files) {
    StringBuilder out = new StringBuilder();
    for (GeneratedFile file : files) {
      out.append("=== ").append(file.relativePath()).append(" ===\n").append(file.content());
      if (!file.content().endsWith("\n")) {
        out.append("\n");
      }
    }
    return out.toString();
  }
}
