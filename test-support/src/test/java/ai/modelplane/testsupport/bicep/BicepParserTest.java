package ai.modelplane.testsupport.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.testsupport.bicep.BicepAst.BicepFile;
import ai.modelplane.testsupport.bicep.BicepAst.Str;
import ai.modelplane.testsupport.bicep.BicepParser.BicepSyntaxException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The parser accepts the emitted subset and nothing else. */
class BicepParserTest {
  @Test
  void readsEscapesAndInterpolations() {
    BicepFile file =
        BicepParser.parse(
            "x.bicep", "var a = 'it\\'s \\\\ \\${x} \\u{1F600} ${b.c}'\nvar b = {\n  c: 'd'\n}\n");
    Str value = (Str) file.vars().get(0).value();
    assertEquals(
        List.of(
            "it's \\ ${x} \uD83D\uDE00 ", new BicepAst.Member(new BicepAst.Ref("b"), "c", false)),
        value.parts());
  }

  @Test
  void readsAConditionalResourcesCondition() {
    BicepFile file =
        BicepParser.parse(
            "x.bicep",
            "param on bool\nresource r 'Microsoft.Resources/resourceGroups@2025-04-01' = if (on) {\n  name: 'x'\n}\nresource s 'Microsoft.Resources/resourceGroups@2025-04-01' = {\n  name: 'y'\n}\n");
    assertEquals(new BicepAst.Ref("on"), file.resources().get(0).condition());
    assertEquals(null, file.resources().get(1).condition());
  }

  @Test
  void readsAConditionalModulesCondition() {
    BicepFile file =
        BicepParser.parse(
            "x.bicep",
            "param id string\nmodule m 'm.bicep' = if (!empty(id)) {\n  name: 'x'\n}\nmodule n 'n.bicep' = {\n  name: 'y'\n}\n");
    assertEquals(
        new BicepAst.Not(
            new BicepAst.Call(
                java.util.Optional.empty(), "empty", List.of(new BicepAst.Ref("id")))),
        file.modules().get(0).condition());
    assertEquals(null, file.modules().get(1).condition());
  }

  @Test
  void readsCoalesceBelowOrAndAboveTheTernary() {
    BicepFile file = BicepParser.parse("x.bicep", "var a = b.?c ?? d || e ? f : g\n");
    assertEquals(
        new BicepAst.Ternary(
            new BicepAst.Binary(
                "??",
                new BicepAst.Member(new BicepAst.Ref("b"), "c", true),
                new BicepAst.Binary("||", new BicepAst.Ref("d"), new BicepAst.Ref("e"))),
            new BicepAst.Ref("f"),
            new BicepAst.Ref("g")),
        file.vars().get(0).value());
  }

  @Test
  void readsANullableParamAsItsBaseType() {
    BicepAst.ParamDecl param =
        BicepParser.parse("x.bicep", "param a string[]?\n").param("a").orElseThrow();
    assertEquals(List.of("string[]", true), List.of(param.type(), param.nullable()));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          var a = { b: 1 }                 | x.bicep:1:11: expected the end of the line but found 'b'
          var a = [1, 2]                   | x.bicep:1:10: expected the end of the line but found '1'
          var a = b ? c                    | x.bicep:1:14: expected ':' but found '\\n'
          var a = '''b'''                  | x.bicep:1:9: multi-line string
          var a = 'b                       | x.bicep:1:11: unterminated string
          /* c */                          | x.bicep:1:1: block comment
          var  a = 1                       | x.bicep:1:5: two spaces in a row
          func a() string = 'b'            | x.bicep:1:1: unexpected statement 'func'
          param a string                   | x.bicepparam:1:9: expected '=' but found 'string'
          param a string? = 'b'            | x.bicep:1:1: nullable param a with a default value
          """)
  void rejectsWhatTheGeneratorNeverWrites(String line, String expected) {
    String path = expected.substring(0, expected.indexOf(':'));
    String source = path.endsWith(".bicepparam") ? "param a string" : line;
    BicepSyntaxException error =
        assertThrows(BicepSyntaxException.class, () -> BicepParser.parse(path, source + "\n"));
    assertEquals(expected, error.getMessage());
  }
}
