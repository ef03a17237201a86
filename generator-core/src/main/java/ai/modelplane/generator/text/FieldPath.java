package ai.modelplane.generator.text;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A field path as the property table writes it: names joined by dots, {@code []} after a list for
 * its items ({@code spec.nodePools[].zones}), {@code [key]} after a map for one of its values
 * ({@code metadata.annotations[infrastructure.modelplane.ai/resource-group]}).
 */
public final class FieldPath {
  private static final Pattern STEP = Pattern.compile("([^.\\[]+)(?:\\[([^\\]]*)\\])?\\.?");

  private FieldPath() {}

  /**
   * One step of a path.
   *
   * @param name the field's name
   * @param key {@code null} for a plain field, {@code ""} for a list's items ({@code []}), else the
   *     map key written in the brackets
   */
  public record Step(String name, String key) {
    /** True for {@code name[]}: the step goes on into the list's items. */
    public boolean items() {
      return "".equals(key);
    }

    /** True for {@code name[key]}: the step goes on into one value of the map. */
    public boolean mapKey() {
      return key != null && !key.isEmpty();
    }
  }

  /** The steps of {@code path}, in order. */
  public static List<Step> steps(String path) {
    List<Step> steps = new ArrayList<>();
    Matcher step = STEP.matcher(path);
    while (step.find()) {
      steps.add(new Step(step.group(1), step.group(2)));
    }
    return steps;
  }
}
