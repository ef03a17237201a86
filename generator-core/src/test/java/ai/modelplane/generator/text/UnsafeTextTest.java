package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnsafeTextTest {
  @Test
  void printableAsciiIsSafeAndEveryOtherCodePointIsJudgedAsBefore() {
    // The definition in the class comment, without the shortcut for printable ASCII.
    for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      boolean unsafe =
          codePoint < 0x20
              || (codePoint >= 0x7F && codePoint < 0xA0)
              || codePoint == 0x2028
              || codePoint == 0x2029
              || (codePoint >= 0xE0000 && codePoint <= 0xE007F)
              || Character.getType(codePoint) == Character.FORMAT;
      assertEquals(unsafe, UnsafeText.isUnsafeCodePoint(codePoint), Integer.toHexString(codePoint));
    }
  }

  @Test
  void escapesAForgedAnnotationLineAndAnsiColour() {
    assertEquals(
        "Std\\n::error file=main.tf,line=1::forged\\u001B[31m",
        UnsafeText.escape("Std\n::error file=main.tf,line=1::forged\u001b[31m"));
  }

  @Test
  void escapesEveryControlSeparatorAndBidiControl() {
    assertEquals(
        "\\u0000\\t\\r\\u007F\\u0085\\u009F\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A\\u202E\\u2066\\u2069",
        UnsafeText.escape(
            "\u0000\t\r\u007f\u0085\u009f\u2028\u2029\u061c\u200e\u200f\u202a\u202e\u2066\u2069"));
  }

  @Test
  void escapesUnpairedSurrogatesButKeepsPairs() {
    assertEquals("\\uD800x😀\\uDC00", UnsafeText.escape("\ud800x😀\udc00"));
  }

  @Test
  void leavesOrdinaryTextAloneWithoutCopying() {
    String text = "spec.location: Invalid value: \"westeurope\" é 日本 \\n";
    assertSame(text, UnsafeText.escape(text));
    assertFalse(UnsafeText.containsUnsafe(text));
  }

  @Test
  void everyCharacterOutsideTheListIsSafe() {
    int unsafe = 0;
    int format = 0;
    for (char c = 0; c < Character.MAX_VALUE; c++) {
      if (UnsafeText.isUnsafe(c)) {
        unsafe++;
      }
      if (Character.getType(c) == Character.FORMAT) {
        format++;
      }
    }
    // 32 C0 + DEL + 32 C1, U+2028/2029, and every format character (bidi controls included).
    assertEquals(32 + 1 + 32 + 2 + format, unsafe);
    for (char c : "\u202E\u200B\uFEFF\u2060\u00AD\u061C\u2066\u2069\u200D".toCharArray()) {
      assertTrue(UnsafeText.isUnsafe(c), UnsafeText.describe(c));
    }
  }

  @Test
  void tagCharactersAreUnsafeAndEscapedWhole() {
    String tagged = "west" + new String(Character.toChars(0xE0041)) + "europe";
    assertTrue(UnsafeText.isUnsafeCodePoint(0xE0000));
    assertTrue(UnsafeText.isUnsafeCodePoint(0xE007F));
    assertEquals(4, UnsafeText.indexOfUnsafe(tagged));
    assertEquals("west\\uDB40\\uDC41europe", UnsafeText.escape(tagged));
    assertEquals("U+E0041 (TAG LATIN CAPITAL LETTER A)", UnsafeText.describe(0xE0041));
    // An emoji is a supplementary character too, and is safe.
    assertFalse(UnsafeText.containsUnsafe("\uD83D\uDE00"));
  }

  @Test
  void describesACharacterByCodePointAndName() {
    assertEquals("U+202E (RIGHT-TO-LEFT OVERRIDE)", UnsafeText.describe('\u202E'));
  }
}
