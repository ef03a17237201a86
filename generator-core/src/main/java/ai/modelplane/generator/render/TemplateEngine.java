package ai.modelplane.generator.render;

import freemarker.core.OutputFormat;
import freemarker.core.TemplateClassResolver;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one FreeMarker configuration of a renderer, locked down for code generation: templates come
 * only from this jar's {@code templates/} folder, numbers and booleans print in computer format,
 * templates read only view records ({@link ViewsOnlyObjectWrapper}), no class can be instantiated
 * from a template, and errors are rethrown rather than written into the output.
 *
 * <p>Creating an engine costs nothing: the configuration is built when the first template is
 * rendered, and shared by every engine of the process with the same output formats, so each
 * template is parsed once per process (templates in a jar do not change, so they are never checked
 * for updates).
 */
public final class TemplateEngine {
  private static final Map<List<? extends OutputFormat>, Configuration> CONFIGURATIONS =
      new ConcurrentHashMap<>();

  private final List<? extends OutputFormat> outputFormats;

  /**
   * @param outputFormats the escaping formats templates select with {@code <#ftl
   *     output_format="...">}, one per target language
   */
  public TemplateEngine(List<? extends OutputFormat> outputFormats) {
    this.outputFormats = List.copyOf(outputFormats);
  }

  private Configuration configuration() {
    return CONFIGURATIONS.computeIfAbsent(outputFormats, TemplateEngine::configure);
  }

  private static Configuration configure(List<? extends OutputFormat> outputFormats) {
    Configuration cfg = new Configuration(Configuration.VERSION_2_3_34);
    cfg.setTemplateLoader(
        new ClassPathTemplateLoader(TemplateEngine.class.getClassLoader(), "templates"));
    cfg.setTemplateUpdateDelayMilliseconds(Long.MAX_VALUE);
    cfg.setDefaultEncoding("UTF-8");
    cfg.setOutputEncoding("UTF-8");
    cfg.setLocale(Locale.ROOT);
    cfg.setTimeZone(TimeZone.getTimeZone("UTC"));
    cfg.setLocalizedLookup(false);
    cfg.setNumberFormat("computer");
    cfg.setBooleanFormat("c");
    cfg.setObjectWrapper(new ViewsOnlyObjectWrapper());
    cfg.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
    cfg.setAPIBuiltinEnabled(false);
    cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
    cfg.setLogTemplateExceptions(false);
    cfg.setWrapUncheckedExceptions(true);
    cfg.setFallbackOnNullLoopVariable(false);
    cfg.setRegisteredCustomOutputFormats(outputFormats);
    return cfg;
  }

  /**
   * Parses {@code templateNames} (and the libraries they import on parsing) into the shared
   * configuration, so later renders find them cached.
   *
   * @throws RenderException when one cannot be loaded or parsed
   */
  public void prepare(List<String> templateNames) {
    for (String templateName : templateNames) {
      try {
        configuration().getTemplate(templateName);
      } catch (IOException e) {
        throw new RenderException(
            "cannot load template " + templateName + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * Renders {@code templateName} (relative to {@code templates/}) with {@code model}, a planned
   * file's view.
   *
   * @throws RenderException when the template fails; the message names template and line
   */
  public String render(String templateName, Object model) {
    try {
      Template template = configuration().getTemplate(templateName);
      TextWriter out = new TextWriter();
      template.process(model, out);
      return out.toString();
    } catch (TemplateException e) {
      throw new RenderException(
          "template "
              + e.getTemplateSourceName()
              + " line "
              + e.getLineNumber()
              + ": "
              + e.getMessageWithoutStackTop(),
          e);
    } catch (IOException e) {
      throw new RenderException("cannot load template " + templateName + ": " + e.getMessage(), e);
    }
  }

  /**
   * What {@link java.io.StringWriter} does without its lock and with room for a typical generated
   * file from the start: a render writes hundreds of small pieces, each of which would otherwise
   * pay for {@code StringBuffer}'s synchronisation and early regrowth.
   */
  private static final class TextWriter extends Writer {
    private final StringBuilder text = new StringBuilder(4096);

    @Override
    public void write(int c) {
      text.append((char) c);
    }

    @Override
    public void write(char[] chars, int offset, int length) {
      text.append(chars, offset, length);
    }

    @Override
    public void write(String string) {
      text.append(string);
    }

    @Override
    public void write(String string, int offset, int length) {
      text.append(string, offset, offset + length);
    }

    @Override
    public Writer append(CharSequence chars) {
      text.append(chars);
      return this;
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    @Override
    public String toString() {
      return text.toString();
    }
  }
}
