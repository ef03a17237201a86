package ai.modelplane.generator.render.bicep;

import ai.modelplane.generator.render.QuotedStringOutputFormat;
import ai.modelplane.generator.text.UnsafeText;

/**
 * FreeMarker output format that escapes every interpolated value for the inside of a Bicep
 * single-quoted string. Templates select it with {@code <#ftl output_format="Bicep">} and always
 * write the surrounding quotes themselves.
 *
 * <p>Rules (Bicep lexer): {@code \} {@code '} LF CR TAB get their backslash escapes, other control
 * characters, the line separators and the bidi controls ({@link UnsafeText#isUnsafe}) become a
 * backslash-u escape with the hex code point in braces ({@code \}{@code u{202E}}; the escape
 * Azure/bicep src/Bicep.Core/Parsing/Lexer.cs reads as a hex code point up to 10FFFF), and a dollar
 * sign before an opening brace gets a backslash so that no value can start an interpolation.
 * Nothing else needs escaping; any other backslash sequence would be a lexer error, which is why
 * every literal backslash is doubled.
 */
public final class BicepOutputFormat extends QuotedStringOutputFormat<TemplateBicepOutputModel> {
  public static final BicepOutputFormat INSTANCE = new BicepOutputFormat();

  private BicepOutputFormat() {}

  /** Escapes {@code text} for the inside of a Bicep single-quoted string. */
  public static String escape(String text) {
    if (!needsEscaping(text)) {
      // Most values (names, sizes, versions) need nothing: no copy.
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 8);
    // Characters written as they are go out in runs, from plain up to the next escape.
    int plain = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c < 0x7F && c != '\\' && c != '\'' && c != '$') {
        continue;
      }
      int width = 1;
      String escaped =
          switch (c) {
            case '\\' -> "\\\\";
            case '\'' -> "\\'";
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            case '$' -> i + 1 < text.length() && text.charAt(i + 1) == '{' ? "\\$" : null;
            default -> {
              int codePoint = text.codePointAt(i);
              if (Character.isSupplementaryCodePoint(codePoint)
                  && UnsafeText.isUnsafeCodePoint(codePoint)) {
                // A tag character: one escape for the whole code point.
                width = 2;
                yield codePointEscape(codePoint);
              }
              yield isEscapedControl(c) ? codePointEscape(c) : null;
            }
          };
      if (escaped != null) {
        out.append(text, plain, i).append(escaped);
        i += width - 1;
        plain = i + 1;
      }
    }
    out.append(text, plain, text.length());
    return out.toString();
  }

  /** {@code \}{@code u{HEX}}, the code point in upper-case hex. */
  private static String codePointEscape(int codePoint) {
    return "\\u{" + Integer.toHexString(codePoint).toUpperCase(java.util.Locale.ROOT) + "}";
  }

  /** True when {@link #escape} would change {@code text}. */
  private static boolean needsEscaping(String text) {
    if (UnsafeText.containsUnsafe(text)) {
      return true;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\'
          || c == '\''
          || isEscapedControl(c)
          || (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '{')) {
        return true;
      }
    }
    return false;
  }

  /**
   * Controls, line separators and bidi controls: never written raw (a U+202E would hide code from
   * review).
   */
  private static boolean isEscapedControl(char c) {
    return UnsafeText.isUnsafe(c);
  }

  @Override
  protected String escapeValue(String value) {
    return escape(value);
  }

  @Override
  protected TemplateBicepOutputModel newTemplateMarkupOutputModel(
      String plainTextContent, String markupContent) {
    return new TemplateBicepOutputModel(plainTextContent, markupContent);
  }

  @Override
  public String getName() {
    return "Bicep";
  }

  @Override
  public String getMimeType() {
    return "text/x-bicep";
  }
}
