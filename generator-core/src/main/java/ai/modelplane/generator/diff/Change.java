package ai.modelplane.generator.diff;

import ai.modelplane.generator.render.Target;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * One difference between two revisions, in Azure terms, with what each target's apply does about
 * it.
 *
 * @param pool the node pool it concerns, empty for cluster-level changes
 * @param fact what Azure does about it per target, and why
 * @param before the old value as users read it, empty when the thing is new
 * @param after the new value, empty when the thing is gone
 */
public record Change(Optional<String> pool, ChangeFact fact, String before, String after) {
  static final List<Target> ALL_TARGETS = List.of(Target.values());

  /** What applying this change does in {@code target}. */
  public Consequence consequence(Target target) {
    return fact.target(target).consequence();
  }

  /** The worst of every target's consequence. */
  public Consequence consequence() {
    return worst(ALL_TARGETS);
  }

  /** The worst consequence among {@code targets}. */
  public Consequence worst(Collection<Target> targets) {
    return targets.stream().map(this::consequence).max(Consequence::compareTo).orElseThrow();
  }

  /** Why {@code target} does what it does. */
  public String why(Target target) {
    return fact.target(target).why();
  }

  /** What to do instead, present when {@code target} refuses the change. */
  public Optional<String> instead(Target target) {
    return fact.target(target).instead();
  }

  /** True when some target deletes or recreates something. */
  public boolean destructive() {
    return destructive(ALL_TARGETS);
  }

  public boolean destructive(Collection<Target> targets) {
    return targets.stream().anyMatch(t -> consequence(t).destructive());
  }

  /** True when Azure refuses the change in some target. */
  public boolean refused() {
    return refused(ALL_TARGETS);
  }

  public boolean refused(Collection<Target> targets) {
    return targets.stream().anyMatch(t -> consequence(t).refused());
  }

  /** True when {@code targets} have the same consequence, so one value tells it. */
  public boolean agrees(Collection<Target> targets) {
    return targets.stream().map(this::consequence).distinct().count() <= 1;
  }

  /**
   * True when {@code targets} give the same consequence for the same reason and advice, so one line
   * tells it.
   */
  public boolean sameReason(Collection<Target> targets) {
    return agrees(targets)
        && targets.stream()
                .map(fact::target)
                .map(f -> f.why() + "\n" + f.instead().orElse(""))
                .distinct()
                .count()
            <= 1;
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
      case "name" -> fact.variant().isEmpty() ? "pool name" : "default pool name";
      default -> "pool " + pool.get() + " " + what;
    };
  }
}
