package ai.modelplane.generator.render.bicep;

import freemarker.core.CommonMarkupOutputFormat;
import freemarker.core.CommonTemplateMarkupOutputModel;

/** A fragment already escaped for a Bicep single-quoted string (FreeMarker plumbing). */
public final class TemplateBicepOutputModel
    extends CommonTemplateMarkupOutputModel<TemplateBicepOutputModel> {
  TemplateBicepOutputModel(String plainTextContent, String markupContent) {
    super(plainTextContent, markupContent);
  }

  @Override
  public CommonMarkupOutputFormat<TemplateBicepOutputModel> getOutputFormat() {
    return BicepOutputFormat.INSTANCE;
  }
}
