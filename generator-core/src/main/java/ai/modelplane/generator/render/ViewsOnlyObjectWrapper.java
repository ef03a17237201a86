package ai.modelplane.generator.render;

import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapper;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

/**
 * Lets templates read strings, numbers, booleans, lists, maps and the components of the view
 * records of {@code ai.modelplane.generator.plan.view}, and nothing else: a template that reaches
 * for a model record (or any other Java object, or a method of a view) fails at render time instead
 * of quietly deciding something the plan should have decided. Records are read through their
 * components directly rather than through JavaBeans introspection, which costs a cold process more.
 */
final class ViewsOnlyObjectWrapper extends DefaultObjectWrapper {
  static final String VIEW_PACKAGE = "ai.modelplane.generator.plan.view";

  private static final MethodType READ = MethodType.methodType(Object.class, Object.class);

  /** Per view record class, its components' accessors by name. */
  private static final ClassValue<Map<String, MethodHandle>> COMPONENTS =
      new ClassValue<>() {
        @Override
        protected Map<String, MethodHandle> computeValue(Class<?> type) {
          Map<String, MethodHandle> accessors = new HashMap<>();
          MethodHandles.Lookup lookup = MethodHandles.publicLookup();
          for (RecordComponent component : type.getRecordComponents()) {
            try {
              accessors.put(
                  component.getName(), lookup.unreflect(component.getAccessor()).asType(READ));
            } catch (IllegalAccessException e) {
              throw new IllegalStateException("view records are public: " + type.getName(), e);
            }
          }
          return Map.copyOf(accessors);
        }
      };

  ViewsOnlyObjectWrapper() {
    super(Configuration.VERSION_2_3_34);
    writeProtect();
  }

  @Override
  protected TemplateModel handleUnknownType(Object object) throws TemplateModelException {
    Class<?> type = object.getClass();
    if (type.isRecord() && type.getPackageName().equals(VIEW_PACKAGE)) {
      return new ViewModel(object, COMPONENTS.get(type));
    }
    throw new TemplateModelException(
        "templates read only views (records of " + VIEW_PACKAGE + "), not " + type.getName());
  }

  /** A view record as a hash of its components. */
  private final class ViewModel implements TemplateHashModel {
    private final Object view;
    private final Map<String, MethodHandle> components;

    ViewModel(Object view, Map<String, MethodHandle> components) {
      this.view = view;
      this.components = components;
    }

    @Override
    public TemplateModel get(String key) throws TemplateModelException {
      MethodHandle accessor = components.get(key);
      if (accessor == null) {
        throw new TemplateModelException(
            view.getClass().getSimpleName() + " has no component " + key);
      }
      try {
        return wrap((Object) accessor.invokeExact(view));
      } catch (TemplateModelException e) {
        throw e;
      } catch (Throwable e) {
        throw new TemplateModelException(
            "cannot read " + key + " of " + view.getClass().getSimpleName(), e);
      }
    }

    @Override
    public boolean isEmpty() {
      return components.isEmpty();
    }
  }
}
