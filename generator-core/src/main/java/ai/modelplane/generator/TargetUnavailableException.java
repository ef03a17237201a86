package ai.modelplane.generator;

import ai.modelplane.generator.render.Target;
import java.util.List;
import java.util.stream.Collectors;

/** A requested target has no renderer in this build; thrown before any input is read. */
public final class TargetUnavailableException extends IllegalStateException {
  private final List<Target> targets;

  public TargetUnavailableException(List<Target> targets) {
    super(
        targets.stream().map(Target::id).collect(Collectors.joining(" and "))
            + (targets.size() == 1 ? " output is" : " outputs are")
            + " not available in this build of modelplane (no renderer registered)");
    this.targets = List.copyOf(targets);
  }

  public List<Target> targets() {
    return targets;
  }
}
