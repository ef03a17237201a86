package ai.modelplane.generator.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.render.RenderException;
import ai.modelplane.generator.render.TemplateEngine;
import ai.modelplane.generator.render.terraform.HclOutputFormat;
import ai.modelplane.generator.validate.CelRules;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Set-up started in the background gives callers the same result, or the same failure, as doing it
 * themselves.
 */
class WarmupTest {
  @Test
  void celRulesAreCompiledOncePerCrdWhicheverThreadAsksFirst() {
    Warmup.validation();
    CelRules fromCaller = CelRules.of(CrdSchema.bundled());
    CelRules fromAnotherThread =
        CompletableFuture.supplyAsync(() -> CelRules.of(CrdSchema.bundled())).join();

    assertSame(fromCaller, fromAnotherThread);
    assertEquals(29, fromCaller.rules().size());
  }

  @Test
  void aCrdRuleThatDoesNotCompileFailsEveryCallerTheSameWay() throws IOException {
    String original;
    try (InputStream in =
        CrdSchema.class.getClassLoader().getResourceAsStream(CrdSchema.RESOURCE)) {
      original = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String broken =
        original.replace("self.minNodeCount <= self.maxNodeCount\"", "self.minNodeCount <=\"");
    assertNotEquals(original, broken, "the rule text was not found in the CRD");
    CrdSchema crd =
        CrdSchema.parse(new ByteArrayInputStream(broken.getBytes(StandardCharsets.UTF_8)));

    CompletionException inBackground =
        assertThrows(
            CompletionException.class,
            () -> CompletableFuture.runAsync(() -> CelRules.of(crd)).join());
    IllegalStateException inCaller =
        assertThrows(IllegalStateException.class, () -> CelRules.of(crd));

    assertSame(inCaller, inBackground.getCause());
    assertEquals(true, inCaller.getMessage().startsWith("CRD rule at "), inCaller.getMessage());
  }

  @Test
  void preparingAMissingTemplateFailsWithItsName() {
    TemplateEngine engine = new TemplateEngine(List.of(HclOutputFormat.INSTANCE));
    RenderException failure =
        assertThrows(
            RenderException.class, () -> engine.prepare(List.of("terraform/no-such.tf.ftl")));
    assertEquals(
        true,
        failure.getMessage().startsWith("cannot load template terraform/no-such.tf.ftl: "),
        failure.getMessage());
  }
}
