package ai.modelplane.generator.render;

import ai.modelplane.generator.model.AksCluster;
import java.util.List;

/**
 * Renders validated clusters into one target language. Pure: no I/O besides reading templates from
 * the jar, no clock, no randomness; the same clusters give the same bytes.
 *
 * <p>The generator renders big runs in batches of clusters on several threads at once, so {@link
 * #render} must be thread-safe (a {@link TemplateEngine} is), and the shared module files must not
 * depend on which clusters are in the list (batches must produce them byte-identical).
 */
public interface TargetRenderer {
  Target target();

  /**
   * Every file for these clusters: one root per cluster under
   * {@code <namespace>/<name>/<target>/} and the shared modules under {@code modules/<target>/},
   * written once whatever the number of clusters.
   */
  List<GeneratedFile> render(List<AksCluster> clusters);

  /**
   * Loads and parses every template this renderer may use, so a later {@link #render} finds them
   * ready; {@link ai.modelplane.generator.Warmup} calls it on a background thread. Optional: a
   * renderer that skips it loads its templates on first use.
   */
  default void prepare() {}
}
