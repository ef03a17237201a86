package ai.modelplane.generator.diff;

import java.util.Optional;

/**
 * One difference between two revisions, in Azure terms.
 *
 * @param pool the node pool it concerns, empty for cluster-level changes
 * @param fact what Azure does about it, and why
 * @param before the old value as users read it, empty when the thing is new
 * @param after the new value, empty when the thing is gone
 */
public record Change(Optional<String> pool, ChangeFact fact, String before, String after) {
  public Consequence consequence() {
    return fact.consequence();
  }

  /** A reviewer's name for what changed: {@code kubernetesVersion}, {@code pool gpuh100 vmSize}. */
  public String subject() {
    String what = fact.property();
    if (pool.isEmpty()) {
      return switch (what) {
        case "added", "removed" -> "cluster " + what;
        default -> what;
      };
    }
    return switch (what) {
      case "added", "removed" -> "pool " + pool.get() + " " + what;
      case "name" -> "pool name";
      default -> "pool " + pool.get() + " " + what;
    };
  }
}
