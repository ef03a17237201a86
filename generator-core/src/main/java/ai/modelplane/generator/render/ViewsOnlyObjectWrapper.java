package ai.modelplane.generator.render;

import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapper;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;

/**
 * Lets templates read strings, numbers, booleans, lists, maps and the view records of
 * {@code ai.modelplane.generator.plan.view}, and nothing else: a template that reaches for a model
 * record (or any other Java object) fails at render time instead of quietly deciding something the
 * plan should have decided.
 */
final class ViewsOnlyObjectWrapper extends DefaultObjectWrapper {
  static final String VIEW_PACKAGE = "ai.modelplane.generator.plan.view";

  ViewsOnlyObjectWrapper() {
    super(Configuration.VERSION_2_3_34);
    writeProtect();
  }

  @Override
  protected TemplateModel handleUnknownType(Object object) throws TemplateModelException {
    Class<?> type = object.getClass();
    if (type.isRecord() && type.getPackageName().equals(VIEW_PACKAGE)) {
      return super.handleUnknownType(object);
    }
    throw new TemplateModelException(
        "templates read only views (records of " + VIEW_PACKAGE + "), not " + type.getName());
  }
}
