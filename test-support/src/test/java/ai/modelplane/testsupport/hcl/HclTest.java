package ai.modelplane.testsupport.hcl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.testsupport.hcl.Hcl.Binary;
import ai.modelplane.testsupport.hcl.Hcl.Block;
import ai.modelplane.testsupport.hcl.Hcl.Body;
import ai.modelplane.testsupport.hcl.Hcl.Call;
import ai.modelplane.testsupport.hcl.Hcl.Literal;
import ai.modelplane.testsupport.hcl.Hcl.ObjectCons;
import ai.modelplane.testsupport.hcl.Hcl.Template;
import ai.modelplane.testsupport.hcl.Hcl.Traversal;
import ai.modelplane.testsupport.hcl.Hcl.Tuple;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The parser reads the emitted subset into its tree and rejects everything outside it. */
class HclTest {
  @Test
  void readsBlocksLabelsAndAttributesWithTheirLines() {
    Body body =
        Hcl.parse(
            """
            # a comment
            resource "azurerm_resource_group" "this" {
              name  = "rg-${var.name}"
              count = 2

              tags = {
                team = "ml"
              }
            }
            """);
    Block block = body.block("resource", "azurerm_resource_group", "this");
    assertEquals(2, block.line());
    assertEquals(
        new Template(List.of("rg-", new Traversal("var", List.of("name")))),
        block.body().attribute("name").orElseThrow().value());
    assertEquals(
        new Literal(new BigDecimal("2")), block.body().attribute("count").orElseThrow().value());
    assertEquals(4, block.body().attribute("count").orElseThrow().line());
    assertEquals(
        new ObjectCons(Map.of("team", new Literal("ml"))),
        block.body().attribute("tags").orElseThrow().value());
  }

  @Test
  void readsTuplesCallsIndexesAndOperators() {
    Body body =
        Hcl.parse(
            "a = [1, true, null]\n"
                + "b = merge(local.x, { k = \"v\" })\n"
                + "c = var.pools[0].name\n"
                + "d = var.a == \"x\" && var.b != null || var.c\n");
    assertEquals(
        new Tuple(
            List.of(
                new Literal(new BigDecimal("1")), new Literal(Boolean.TRUE), new Literal(null))),
        body.attribute("a").orElseThrow().value());
    assertEquals(
        new Call(
            "merge",
            List.of(
                new Traversal("local", List.of("x")),
                new ObjectCons(Map.of("k", new Literal("v"))))),
        body.attribute("b").orElseThrow().value());
    Traversal c = (Traversal) body.attribute("c").orElseThrow().value();
    assertEquals("var.pools[].name", c.dotted());
    assertEquals(
        "||", ((Binary) body.attribute("d").orElseThrow().value()).op(), "|| binds loosest");
  }

  @Test
  void namesTheMissingBlockOrAttribute() {
    Body body = Hcl.parse("a = var.x\n");
    assertEquals(
        "no block module [m]",
        assertThrows(AssertionError.class, () -> body.block("module", "m")).getMessage());
    assertEquals(
        "a is not a string literal: Traversal[root=var, steps=[x]]",
        assertThrows(AssertionError.class, () -> body.string("a")).getMessage());
  }

  @Test
  void decodesEscapesAndDoubledTemplateIntroducers() {
    assertEquals(
        "q\"b\\c\n\t${x}%{y}\u0001😀",
        Hcl.parseStringLiteral("\"q\\\"b\\\\c\\n\\t$${x}%%{y}\\u0001\\U0001F600\""));
    assertThrows(Hcl.ParseException.class, () -> Hcl.parseStringLiteral("\"${x}\""));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          x = <<EOF                    | line 1: expected an identifier
          x = "%{if a}b%{endif}"       | line 1: template directives are outside the emitted subset
          x = "a\\qb"                  | line 1: unknown escape \\q
          x = a ? b : c                | line 1: expected a newline after attribute x
          x = [for a in b : a]         | line 1: expected , or ]
          x = "a"\\nx = "b"            | line 2: duplicate attribute x
          x = "a                       | line 2: newline inside a quoted string
          b {                          | line 2: missing }
          }                            | line 1: unexpected }
          """)
  void rejectsWhatTheGeneratorNeverWrites(String source, String expected) {
    Hcl.ParseException error =
        assertThrows(Hcl.ParseException.class, () -> Hcl.parse(source.replace("\\n", "\n") + "\n"));
    assertEquals(expected, error.getMessage());
  }
}
