package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.text.UnsafeText;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BicepOutputFormat#escape} copies plain characters in runs; it must write what the
 * character-by-character escaper it replaced wrote, for any text. The seed is fixed so a failure
 * reproduces.
 */
class BicepEscapeRunsTest {
  /** Characters around every rule: quotes, backslashes, interpolation, controls, pairs, halves. */
  private static final String[] PIECES = {
    "a",
    "Z",
    "0",
    " ",
    "{",
    "}",
    "$",
    "${",
    "'",
    "\\",
    "\"",
    "\n",
    "\r",
    "\t",
    "\u0000",
    "\u001b",
    "\u007f",
    "\u0085",
    "\u00a0",
    "\u00ad",
    "\u00e9",
    "\u2028",
    "\u2029",
    "\u202e",
    "\u200b",
    "\ufeff",
    "\ud83d\ude00",
    "\udb40\udc41",
    "\udb40\udc7f",
    "\ud800",
    "\udc00",
    "\u4e2d"
  };

  @Test
  void writesWhatTheCharacterByCharacterEscaperWrote() {
    Random random = new Random(20261203L);
    for (int round = 0; round < 20_000; round++) {
      StringBuilder text = new StringBuilder();
      int pieces = random.nextInt(12);
      for (int p = 0; p < pieces; p++) {
        text.append(PIECES[random.nextInt(PIECES.length)]);
      }
      String input = text.toString();
      assertEquals(characterByCharacter(input), BicepOutputFormat.escape(input), input);
    }
  }

  /** The escaper as it was before runs, kept as the reference. */
  private static String characterByCharacter(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\'' -> out.append("\\'");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '$' -> out.append(i + 1 < text.length() && text.charAt(i + 1) == '{' ? "\\$" : "$");
        default -> {
          int codePoint = text.codePointAt(i);
          if (Character.isSupplementaryCodePoint(codePoint)
              && UnsafeText.isUnsafeCodePoint(codePoint)) {
            out.append("\\u{")
                .append(Integer.toHexString(codePoint).toUpperCase(java.util.Locale.ROOT))
                .append('}');
            i++;
          } else if (UnsafeText.isUnsafe(c)) {
            out.append("\\u{")
                .append(Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT))
                .append('}');
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
