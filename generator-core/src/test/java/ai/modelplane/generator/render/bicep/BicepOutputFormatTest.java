package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BicepOutputFormatTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
          plain-text_1.2           | plain-text_1.2
          it's                     | it\\'s
          a\\b                     | a\\\\b
          ${x}                     | \\${x}
          $${x}                    | $\\${x}
          $x {y} $                 | $x {y} $
          é ü 日本                  | é ü 日本
          """)
  void escapesForASingleQuotedString(String input, String expected) {
    assertEquals(expected, BicepOutputFormat.escape(input));
  }

  @org.junit.jupiter.api.Test
  void escapesLineBreaksTabsAndOtherControls() {
    assertEquals("a\\nb\\rc\\td\\u{0}e\\u{1F}f\\u{7F}g\\u{85}h\\u{2028}", BicepOutputFormat.escape("a\nb\rc\td\u0000e\u001Ff\u007Fg\u0085h\u2028"));
  }
}
