package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.testsupport.hcl.Hcl;
import org.junit.jupiter.api.Test;

class HclOutputFormatTest {
  @Test
  void escapesQuotesBackslashesAndWhitespaceControls() {
    assertEquals("a\\\"b\\\\c\\nd\\re\\tf", HclOutputFormat.escape("a\"b\\c\nd\re\tf"));
  }

  @Test
  void writesOtherControlCharactersAsUnicodeEscapes() {
    assertEquals(
        "\\u0000\\u001B\\u007F\\u0085", HclOutputFormat.escape("\u0000\u001b\u007f\u0085"));
  }

  @Test
  void writesLineSeparatorsAndBidiControlsAsUnicodeEscapes() {
    // A raw U+202E in a .tf file makes reviewed code read differently from what Terraform runs.
    assertEquals(
        "a\\u202Eb\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A\\u2066\\u2069",
        HclOutputFormat.escape("a\u202Eb\u2028\u2029\u061C\u200E\u200F\u202A\u2066\u2069"));
  }

  @Test
  void doublesTemplateIntroducersOnly() {
    assertEquals(
        "$${x} %%{y} $z %w $ % $$ %%", HclOutputFormat.escape("${x} %{y} $z %w $ % $$ %%"));
  }

  @Test
  void escapesAnAlreadyEscapedIntroducerAgain() {
    assertEquals("$$${x}", HclOutputFormat.escape("$${x}"));
  }

  @Test
  void leavesNonAsciiTextAlone() {
    assertEquals("é日本😀", HclOutputFormat.escape("é日本😀"));
  }

  @Test
  void parserDecodesWhatTheFormatEncodes() {
    String value = "q\"b\\c\n\t${x}%{y}$${z}\u0001é😀\u202E\u2066";
    assertEquals(value, Hcl.parseStringLiteral("\"" + HclOutputFormat.escape(value) + "\""));
  }
}
