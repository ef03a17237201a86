package ai.modelplane.generator.render;

import ai.modelplane.generator.model.AksCluster;
import java.util.List;

/**
 * Renders validated clusters into one target language. Pure: no I/O besides reading templates from
 * the jar, no clock, no randomness; the same clusters give the same bytes.
 */
public interface TargetRenderer {
  Target target();

  /**
   * Every file for these clusters: one root per cluster under
   * {@code <namespace>/<name>/<target>/} and the shared modules under {@code modules/<target>/},
   * written once whatever the number of clusters.
   */
  List<GeneratedFile> render(List<AksCluster> clusters);
}
