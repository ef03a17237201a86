package ai.modelplane.generator.render;

import freemarker.core.OutputFormat;
import freemarker.core.TemplateClassResolver;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/**
 * The one FreeMarker configuration of a renderer, locked down for code generation: templates come
 * only from this jar's {@code templates/} folder, numbers and booleans print in computer format,
 * no class can be instantiated from a template, and errors are rethrown rather than written into
 * the output.
 */
public final class TemplateEngine {
  private final Configuration configuration;

  /**
   * @param outputFormats the escaping formats templates select with
   *     {@code <#ftl output_format="...">}, one per target language
   */
  public TemplateEngine(List<? extends OutputFormat> outputFormats) {
    Configuration cfg = new Configuration(Configuration.VERSION_2_3_34);
    cfg.setClassLoaderForTemplateLoading(TemplateEngine.class.getClassLoader(), "templates");
    cfg.setDefaultEncoding("UTF-8");
    cfg.setOutputEncoding("UTF-8");
    cfg.setLocale(Locale.ROOT);
    cfg.setTimeZone(TimeZone.getTimeZone("UTC"));
    cfg.setLocalizedLookup(false);
    cfg.setNumberFormat("computer");
    cfg.setBooleanFormat("c");
    cfg.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
    cfg.setAPIBuiltinEnabled(false);
    cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
    cfg.setLogTemplateExceptions(false);
    cfg.setWrapUncheckedExceptions(true);
    cfg.setFallbackOnNullLoopVariable(false);
    cfg.setRegisteredCustomOutputFormats(outputFormats);
    this.configuration = cfg;
  }

  /**
   * Renders {@code templateName} (relative to {@code templates/}) with {@code model}.
   *
   * @throws RenderException when the template fails; the message names template and line
   */
  public String render(String templateName, Map<String, ?> model) {
    try {
      Template template = configuration.getTemplate(templateName);
      StringWriter out = new StringWriter();
      template.process(model, out);
      return out.toString();
    } catch (TemplateException e) {
      throw new RenderException(
          "template " + e.getTemplateSourceName() + " line " + e.getLineNumber() + ": " + e.getMessageWithoutStackTop(), e);
    } catch (IOException e) {
      throw new RenderException("cannot load template " + templateName + ": " + e.getMessage(), e);
    }
  }
}
