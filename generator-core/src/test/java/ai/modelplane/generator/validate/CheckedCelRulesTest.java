package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import ai.modelplane.generator.load.CrdSchema;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CEL rules checked at build time are exactly the CRD's, and are what the validator runs. */
class CheckedCelRulesTest {
  private static final String RULE =
      "self.nodeCount >= (has(self.minNodeCount) ? self.minNodeCount : 1)";

  private static byte[] bundledResource() throws IOException {
    try (InputStream in =
        CheckedCelRules.class.getClassLoader().getResourceAsStream(CheckedCelRules.RESOURCE)) {
      assertNotNull(
          in,
          CheckedCelRules.RESOURCE + " is missing: the build's cel-checked-rules step did not run");
      return in.readAllBytes();
    }
  }

  @Test
  void bundledCheckedRulesAreCurrentForTheCrd() throws IOException {
    byte[] fresh =
        CheckedCelRules.serialize(CelRuleCompiler.checkAll(CrdSchema.bundled().openApiSchema()));
    assertArrayEquals(
        fresh,
        bundledResource(),
        CheckedCelRules.RESOURCE
            + " is stale against schema/akscluster-crd.yaml: rebuild with ./mvnw -pl generator-core -am process-classes");
  }

  @Test
  void theBundledCrdNeedsNoCompilationAtRunTime() {
    CelRules rules = CelRules.compile(CrdSchema.bundled().openApiSchema());
    assertEquals(29, rules.rules().size());
    assertEquals(0, rules.compiledAtRunTime());
    assertEquals(29, CheckedCelRules.bundled().size());
  }

  @Test
  void storedRulesReadBackToTheSameBytes() throws IOException {
    byte[] stored = bundledResource();
    Map<String, dev.cel.common.CelAbstractSyntaxTree> read =
        CheckedCelRules.deserialize(new ByteArrayInputStream(stored));
    assertArrayEquals(stored, CheckedCelRules.serialize(read));
  }

  @Test
  void aRuleTheBuildDidNotCheckIsCompiledFromTheCrdItself() throws IOException {
    String original;
    try (InputStream in =
        CrdSchema.class.getClassLoader().getResourceAsStream(CrdSchema.RESOURCE)) {
      original = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String changed =
        original.replace("rule: \"" + RULE + "\"", "rule: \"" + RULE + " && self.nodeCount <= 2\"");
    assertEquals(false, changed.equals(original), "the rule text was not found in the CRD");
    CrdSchema copy =
        CrdSchema.parse(new ByteArrayInputStream(changed.getBytes(StandardCharsets.UTF_8)));

    CelRules rules = CelRules.compile(copy.openApiSchema());

    assertEquals(1, rules.compiledAtRunTime());
    assertEquals(
        List.of(RULE + " && self.nodeCount <= 2"),
        rules.rules().stream()
            .map(CelRules.Rule::expression)
            .filter(text -> text.startsWith(RULE))
            .toList());
  }

  @Test
  void withoutTheBuildsCopyEveryRuleIsCompiled() {
    CelRules rules = CelRules.compile(CrdSchema.bundled().openApiSchema(), Map.of());
    assertEquals(29, rules.compiledAtRunTime());
  }
}
