package ai.modelplane.drift;

import ai.modelplane.generator.text.UnsafeText;

/**
 * Text a server sent, made safe to show a person or to write into YAML: every character that would
 * act instead of show (line breaks, terminal escape sequences, bidi overrides and isolates,
 * zero-width and other invisible format characters, tag characters) becomes a visible escape.
 *
 * <p>Escaped: C0 controls (tab and line breaks included: a report line stays one line), DEL, C1
 * controls, every format character (Unicode category Cf: U+200B–U+200F, U+202A–U+202E,
 * U+2060–U+2069, U+FEFF, U+E0001–U+E007F …), U+2028 and U+2029, lone surrogates and the
 * non-characters U+FFFE and U+FFFF. {@code \t \n \r \b \f} keep their short form; the others are
 * written {@code \}{@code u202E}, or {@code \}{@code U000E0041} above U+FFFF. These are YAML's
 * double-quoted escapes too, so {@link YamlScalars} uses the same ones. A backslash already in the
 * text is left alone here (it is visible); YAML doubles it.
 */
final class ServerText {
  private ServerText() {}

  /** {@code text} on one line, every unsafe character escaped; {@code null} stays {@code null}. */
  static String printable(String text) {
    if (text == null || text.codePoints().noneMatch(ServerText::unsafe)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    text.codePoints().forEach(cp -> append(out, cp));
    return out.toString();
  }

  /** Appends {@code cp}, escaped when unsafe. */
  static void append(StringBuilder out, int cp) {
    if (!unsafe(cp)) {
      out.appendCodePoint(cp);
      return;
    }
    switch (cp) {
      case '\t' -> out.append("\\t");
      case '\n' -> out.append("\\n");
      case '\r' -> out.append("\\r");
      case '\b' -> out.append("\\b");
      case '\f' -> out.append("\\f");
      default -> {
        if (cp > 0xFFFF) {
          out.append(String.format(java.util.Locale.ROOT, "\\U%08X", cp));
        } else {
          out.append(String.format(java.util.Locale.ROOT, "\\u%04X", cp));
        }
      }
    }
  }

  /**
   * Whether {@code cp} acts on a terminal or a reader instead of showing as itself: what {@link
   * UnsafeText} refuses in user data, and, since server text is not validated first, lone
   * surrogates and the non-characters U+FFFE and U+FFFF.
   */
  static boolean unsafe(int cp) {
    return UnsafeText.isUnsafeCodePoint(cp)
        || Character.getType(cp) == Character.SURROGATE
        || cp == 0xFFFE
        || cp == 0xFFFF;
  }
}
