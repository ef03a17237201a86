package ai.modelplane.generator.render;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which languages a run writes or judges: the value of the CLI's {@code --target} and the plugin's
 * {@code <targets>}, one target id or {@code all}.
 *
 * @param targets the chosen targets
 */
public record TargetSelection(Set<Target> targets) {
  /** Every target this build knows. */
  public static final TargetSelection ALL = new TargetSelection(EnumSet.allOf(Target.class));

  /** Nothing chosen yet; {@link #plus} adds to it. */
  public static final TargetSelection NONE = new TargetSelection(EnumSet.noneOf(Target.class));

  public TargetSelection {
    // In declaration order, as EnumSet keeps them, whatever set was given.
    Set<Target> ordered = EnumSet.noneOf(Target.class);
    ordered.addAll(targets);
    targets = Collections.unmodifiableSet(ordered);
  }

  /**
   * One target id ({@code terraform}, {@code bicep}, any case and spacing) or {@code all}.
   *
   * @throws IllegalArgumentException when {@code value} names no target
   */
  public static TargetSelection parse(String value) {
    if (value.trim().equalsIgnoreCase("all")) {
      return ALL;
    }
    return new TargetSelection(EnumSet.of(Target.fromId(value)));
  }

  /** This selection and {@code other}'s targets. */
  public TargetSelection plus(TargetSelection other) {
    Set<Target> both = EnumSet.noneOf(Target.class);
    both.addAll(targets);
    both.addAll(other.targets);
    return new TargetSelection(both);
  }

  public boolean isEmpty() {
    return targets.isEmpty();
  }

  /** The target ids, sorted and comma-separated ({@code bicep,terraform}). */
  public String ids() {
    return targets.stream().map(Target::id).sorted().collect(Collectors.joining(","));
  }

  /**
   * Spelt out: picocli renders every option value as text while parsing, and a record's generated
   * toString bootstraps through ObjectMethods, spinning method-handle classes that no class-data
   * archive holds (about 20 ms of a cold run's main thread).
   */
  @Override
  public String toString() {
    return targets.toString();
  }
}
