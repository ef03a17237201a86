package ai.modelplane.generator.plan;

import java.util.List;

/**
 * Objects that are installed and removed together, in order: installed first to last, removed last
 * to first (a custom resource before the release that reconciles it, the release before its
 * namespace).
 *
 * @param name what the component is, for comments
 * @param present whether the cluster needs it; an absent component is removed where a target keeps
 *     no state of its own (the AKS run command)
 * @param deleteTimeoutSeconds how long deleting one of its objects may take; 0 for no limit
 * @param objects its objects, in install order
 */
public record InClusterComponent(
    String name, boolean present, int deleteTimeoutSeconds, List<InClusterObject> objects) {
  public InClusterComponent {
    objects = List.copyOf(objects);
  }
}
