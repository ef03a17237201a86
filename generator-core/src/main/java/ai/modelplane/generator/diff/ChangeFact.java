package ai.modelplane.generator.diff;

import ai.modelplane.generator.render.Target;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One provider fact: what each target's apply does when a property changes.
 *
 * @param scope {@code cluster} or {@code pool}
 * @param property the property the diff compares, such as {@code vmSize}
 * @param variant the sub-case the diff tells apart from the two values (such as {@code downgrade}),
 *     "" for the plain change
 * @param field the AKSCluster field it comes from
 * @param azure the Terraform argument / ARM property it becomes
 * @param targets the fact for every target
 */
public record ChangeFact(
    String scope,
    String property,
    String variant,
    String field,
    String azure,
    Map<Target, TargetFact> targets) {
  public ChangeFact {
    for (Target target : Target.values()) {
      if (!targets.containsKey(target)) {
        throw new IllegalArgumentException(
            "fact " + scope + "." + property + " lacks target " + target.id());
      }
    }
    targets = Collections.unmodifiableMap(new EnumMap<>(targets));
  }

  public TargetFact target(Target target) {
    return targets.get(target);
  }
}
