package ai.modelplane.generator.emit;

import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.render.TemplateEngine;
import java.util.List;
import java.util.Set;

/**
 * Lays out the planned files of one target language. Which files exist, with which template and
 * view, is the plan's decision ({@link Planner}); a renderer only runs the template. Pure: no I/O
 * besides reading templates from the jar, no clock, no randomness; the same file gives the same
 * bytes.
 *
 * <p>The generator renders big runs on several threads at once, so {@link #render(PlannedFile)}
 * must be thread-safe (a {@link TemplateEngine} is).
 */
public interface TargetRenderer {
  Target target();

  /** The text of {@code file}, one of this target's planned files. */
  String render(PlannedFile file);

  /**
   * Loads and parses every template this renderer may use, so a later {@link #render} finds them
   * ready; {@link ai.modelplane.generator.startup.Warmup} calls it on a background thread.
   * Optional: a renderer that skips it loads its templates on first use.
   */
  default void prepare() {}

  /** Plans this target alone for {@code clusters} and renders every planned file, in plan order. */
  default List<GeneratedFile> render(List<AksCluster> clusters) {
    RenderPlan plan = Planner.plan(clusters, Set.of(target()));
    return plan.files().stream().map(file -> new GeneratedFile(file.path(), render(file))).toList();
  }
}
