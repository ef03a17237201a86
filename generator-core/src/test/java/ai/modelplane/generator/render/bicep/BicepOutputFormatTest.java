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
  void writesBidiControlsAsCodePointEscapes() {
    // A raw U+202E in a .bicep file makes reviewed code read differently from what ARM deploys.
    assertEquals(
        "a\\u{202E}b\\u{2029}\\u{61C}\\u{200E}\\u{200F}\\u{202A}\\u{2066}\\u{2069}",
        BicepOutputFormat.escape("a\u202Eb\u2029\u061C\u200E\u200F\u202A\u2066\u2069"));
  }

  @org.junit.jupiter.api.Test
  void escapesLineBreaksTabsAndOtherControls() {
    assertEquals(
        "a\\nb\\rc\\td\\u{0}e\\u{1F}f\\u{7F}g\\u{85}h\\u{2028}",
        BicepOutputFormat.escape("a\nb\rc\td\u0000e\u001Ff\u007Fg\u0085h\u2028"));
  }
}
