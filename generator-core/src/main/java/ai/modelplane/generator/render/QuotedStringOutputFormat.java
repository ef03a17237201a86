package ai.modelplane.generator.render;

import freemarker.core.CommonMarkupOutputFormat;
import freemarker.core.CommonTemplateMarkupOutputModel;
import java.io.IOException;
import java.io.Writer;

/**
 * Base of the per-language FreeMarker output formats: every interpolated value is escaped for the
 * inside of that language's quoted string literal, and templates write the quotes themselves.
 * Subclasses give the escape rules and FreeMarker's markup-model plumbing.
 */
public abstract class QuotedStringOutputFormat<MO extends CommonTemplateMarkupOutputModel<MO>>
    extends CommonMarkupOutputFormat<MO> {

  /**
   * The text of a quoted string literal (without its quotes) that the language reads as {@code
   * value}.
   */
  protected abstract String escapeValue(String value);

  @Override
  public final void output(String textToEsc, Writer out) throws IOException {
    out.write(escapeValue(textToEsc));
  }

  @Override
  public final String escapePlainText(String plainTextContent) {
    return escapeValue(plainTextContent);
  }

  /** Legacy escaping built-ins such as {@code ?html} must never stand in for ours. */
  @Override
  public final boolean isLegacyBuiltInBypassed(String builtInName) {
    return false;
  }
}
