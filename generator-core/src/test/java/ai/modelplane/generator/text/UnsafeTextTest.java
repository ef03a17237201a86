package ai.modelplane.generator.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class UnsafeTextTest {
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
    for (char c = 0; c < Character.MAX_VALUE; c++) {
      if (UnsafeText.isUnsafe(c)) {
        unsafe++;
      }
    }
    // 32 C0 + DEL + 32 C1, U+2028/2029, U+061C, U+200E/200F, U+202A-202E, U+2066-2069.
    assertEquals(32 + 1 + 32 + 2 + 1 + 2 + 5 + 4, unsafe);
    assertTrue(UnsafeText.isUnsafe('\u202E'));
  }

  @Test
  void describesACharacterByCodePointAndName() {
    assertEquals("U+202E (RIGHT-TO-LEFT OVERRIDE)", UnsafeText.describe('\u202E'));
  }
}
