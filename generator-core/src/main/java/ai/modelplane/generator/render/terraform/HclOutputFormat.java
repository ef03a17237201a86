package ai.modelplane.generator.render.terraform;

import ai.modelplane.generator.render.QuotedStringOutputFormat;
import ai.modelplane.generator.text.UnsafeText;
import freemarker.core.CommonTemplateMarkupOutputModel;

/**
 * FreeMarker output format that escapes every interpolated value for the inside of an HCL quoted
 * string: backslash, double quote, CR, LF and TAB get their backslash escapes, other control
 * characters, the line separators and the bidi controls ({@link UnsafeText#isUnsafe}) become {@code
 * \}{@code uNNNN} (a BMP code point in hashicorp/hcl hclsyntax/spec.md), so no raw U+202E ever
 * reaches reviewed code, and the template introducers <code>${</code> and <code>%{</code> are
 * doubled so Terraform reads them literally. Templates write the surrounding quotes themselves, and
 * put at most one value into each quoted string (a value ending in {@code $} followed by one
 * starting with <code>{</code> would otherwise form a live introducer).
 */
public final class HclOutputFormat extends QuotedStringOutputFormat<HclOutputFormat.HclMarkup> {
  public static final HclOutputFormat INSTANCE = new HclOutputFormat();
  public static final String NAME = "HCL";

  private HclOutputFormat() {}

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getMimeType() {
    return null;
  }

  @Override
  protected String escapeValue(String value) {
    return escape(value);
  }

  @Override
  protected HclMarkup newTemplateMarkupOutputModel(String plainTextContent, String markupContent) {
    return new HclMarkup(plainTextContent, markupContent);
  }

  /**
   * The text of an HCL quoted string (without the quotes) that Terraform decodes to {@code value}.
   */
  public static String escape(String value) {
    if (!needsEscaping(value)) {
      // Most values (names, sizes, versions) need nothing: no copy.
      return value;
    }
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      char next = i + 1 < value.length() ? value.charAt(i + 1) : 0;
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '"' -> out.append("\\\"");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '$', '%' -> {
          out.append(c);
          if (next == '{') {
            out.append(c);
          }
        }
        default -> {
          if (Character.isHighSurrogate(c)
              && Character.isLowSurrogate(next)
              && UnsafeText.isUnsafeCodePoint(Character.toCodePoint(c, next))) {
            // A tag character: HCL's eight-digit escape.
            out.append(
                String.format(java.util.Locale.ROOT, "\\U%08X", Character.toCodePoint(c, next)));
            i++;
          } else if (UnsafeText.isUnsafe(c)) {
            out.append(UnsafeText.unicodeEscape(c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  /** True when {@link #escape} would change {@code value}. */
  private static boolean needsEscaping(String value) {
    if (UnsafeText.containsUnsafe(value)) {
      return true;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\\'
          || c == '"'
          || UnsafeText.isUnsafe(c)
          || ((c == '$' || c == '%') && i + 1 < value.length() && value.charAt(i + 1) == '{')) {
        return true;
      }
    }
    return false;
  }

  /** A fragment already in HCL string syntax. */
  public static final class HclMarkup extends CommonTemplateMarkupOutputModel<HclMarkup> {
    HclMarkup(String plainTextContent, String markupContent) {
      super(plainTextContent, markupContent);
    }

    @Override
    public HclOutputFormat getOutputFormat() {
      return INSTANCE;
    }
  }
}
