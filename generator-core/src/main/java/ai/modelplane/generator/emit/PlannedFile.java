package ai.modelplane.generator.emit;

import ai.modelplane.generator.render.Target;
import java.util.Objects;

/**
 * One file the run will write, decided before anything is rendered.
 *
 * @param target the language it is written in
 * @param path below the output folder, from {@link OutputLayout}
 * @param template the template that lays it out, relative to {@code templates/}
 * @param view everything the template reads
 */
public record PlannedFile(Target target, String path, String template, Object view) {
  public PlannedFile {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(view, "view");
  }
}
