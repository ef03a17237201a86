package ai.modelplane.generator.text;

import java.util.Locale;

/**
 * The characters of user data that must never reach a terminal, a CI log or reviewed code as they
 * are: C0 and C1 controls, DEL, the line and paragraph separators, and every format character
 * (Unicode general category Cf), which covers the bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A to U+202E, U+2066 to U+2069), the zero-width characters (U+200B to U+200D, U+2060,
 * U+FEFF), the soft hyphen and the tag characters (U+E0001, U+E0020 to U+E007F; the whole block
 * U+E0000 to U+E007F counts, assigned or not). A newline or ESC in a value can forge log lines,
 * ANSI colours or GitHub Actions {@code ::error} commands; a bidi override makes reviewed text read
 * differently from what it is ("Trojan Source", CVE-2021-42574); a zero-width or tag character
 * makes two values that look alike differ, or hides text from a reviewer altogether.
 *
 * <p>{@link #escape} is the one function every text output (diagnostics, command messages, diff
 * reports) shows user data through; the HCL and Bicep escapers use {@link #isUnsafe} to decide
 * which characters they write as escapes.
 */
public final class UnsafeText {
  private UnsafeText() {}

  /**
   * True for a control, separator or format character of the Basic Multilingual Plane (see the
   * class comment); the tag characters lie beyond it, see {@link #isUnsafeCodePoint}.
   */
  public static boolean isUnsafe(char c) {
    return isUnsafeCodePoint(c);
  }

  /** True for a control, separator or format code point, tag characters included. */
  public static boolean isUnsafeCodePoint(int codePoint) {
    if (codePoint >= 0x20 && codePoint < 0x7F) {
      // Printable ASCII, nearly every character the escapers see: no Unicode table lookup (the
      // first format character is U+00AD).
      return false;
    }
    if (codePoint < 0x20 || (codePoint >= 0x7F && codePoint < 0xA0)) {
      return true;
    }
    return codePoint == 0x2028
        || codePoint == 0x2029
        || (codePoint >= 0xE0000 && codePoint <= 0xE007F)
        || Character.getType(codePoint) == Character.FORMAT;
  }

  /**
   * Index (in UTF-16 units) of the first unsafe code point or unpaired surrogate of {@code text},
   * or -1.
   */
  public static int indexOfUnsafe(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x7F && c >= 0x20) {
        continue;
      }
      if (isUnpairedSurrogate(text, i)) {
        return i;
      }
      int codePoint = text.codePointAt(i);
      if (isUnsafeCodePoint(codePoint)) {
        return i;
      }
      if (Character.isSupplementaryCodePoint(codePoint)) {
        i++;
      }
    }
    return -1;
  }

  /** True when {@code text} holds an unsafe character. */
  public static boolean containsUnsafe(String text) {
    return indexOfUnsafe(text) >= 0;
  }

  /**
   * {@code text} with every unsafe character written as an escape: {@code \n}, {@code \r}, {@code
   * \t}, otherwise {@code \}{@code uXXXX} (upper-case hex, as in {@code \u202E}); unpaired
   * surrogates, which no terminal can show, likewise. Other text, backslashes included, is
   * unchanged, so the result is for reading, not for decoding back.
   */
  public static String escape(String text) {
    int first = indexOfUnsafe(text);
    if (first < 0) {
      // Nearly every message: no copy.
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
    for (int i = first; i < text.length(); i++) {
      char c = text.charAt(i);
      if (isUnpairedSurrogate(text, i)) {
        out.append(escaped(c));
        continue;
      }
      int codePoint = text.codePointAt(i);
      int width = Character.charCount(codePoint);
      if (isUnsafeCodePoint(codePoint)) {
        // A tag character is written as its two surrogate escapes, as Java and JSON spell it.
        for (int k = 0; k < width; k++) {
          out.append(escaped(text.charAt(i + k)));
        }
      } else {
        out.append(text, i, i + width);
      }
      i += width - 1;
    }
    return out.toString();
  }

  /** {@code \n}, {@code \r}, {@code \t}, or {@code \}{@code uXXXX} for one character. */
  public static String escaped(char c) {
    return switch (c) {
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      case '\t' -> "\\t";
      default -> unicodeEscape(c);
    };
  }

  /** {@code \}{@code uXXXX} with four upper-case hex digits. */
  public static String unicodeEscape(char c) {
    return String.format(Locale.ROOT, "\\u%04X", (int) c);
  }

  /** {@code U+202E (RIGHT-TO-LEFT OVERRIDE)}: how messages name a character nobody can see. */
  public static String describe(char c) {
    return describe((int) c);
  }

  /**
   * {@link #describe(char)} for any code point, e.g. {@code U+E0041 (TAG LATIN CAPITAL LETTER A)}.
   */
  public static String describe(int codePoint) {
    String name = Character.getName(codePoint);
    return String.format(Locale.ROOT, "U+%04X", codePoint)
        + (name == null ? "" : " (" + name + ")");
  }

  /** True when {@code text.charAt(i)} is half of a UTF-16 surrogate pair without its other half. */
  public static boolean isUnpairedSurrogate(String text, int i) {
    char c = text.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
    }
    return false;
  }
}
