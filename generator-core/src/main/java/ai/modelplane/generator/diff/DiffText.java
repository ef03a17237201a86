package ai.modelplane.generator.diff;

import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.text.UnsafeText;
import java.util.Arrays;
import java.util.List;

/**
 * The terminal form of a {@link DiffReport}: one block per cluster, one line per change. Where the
 * targets agree one line tells it; where they differ, each target's consequence and reason follow.
 */
public final class DiffText {
  private static final int LABEL_WIDTH =
      Arrays.stream(Consequence.values()).mapToInt(c -> c.label().length()).max().orElse(0);
  private static final String INDENT = "  " + " ".repeat(LABEL_WIDTH + 2);

  private DiffText() {}

  public static String render(DiffReport report) {
    List<Target> targets = report.targets();
    StringBuilder out = new StringBuilder();
    for (ClusterDiff cluster : report.clusters()) {
      out.append(heading(cluster, targets)).append('\n');
      for (Change change : cluster.changes()) {
        String label = change.worst(targets).label();
        out.append("  ").append(label).append(" ".repeat(LABEL_WIDTH - label.length() + 2));
        out.append(describe(change)).append('\n');
        if (!change.agrees(targets)) {
          for (Target target : targets) {
            out.append(INDENT)
                .append(target.id())
                .append(": ")
                .append(change.consequence(target).label())
                .append(": ")
                .append(change.why(target))
                .append('\n');
            change
                .instead(target)
                .ifPresent(
                    instead ->
                        out.append(INDENT)
                            .append(target.id())
                            .append(" instead: ")
                            .append(instead)
                            .append('\n'));
          }
        } else if (change.destructive(targets) || change.refused(targets)) {
          // Where the targets agree, only a change a reviewer must stop at gets its reason.
          boolean one = change.sameReason(targets);
          for (Target target : one ? targets.subList(0, 1) : targets) {
            String prefix = one ? "" : target.id() + " ";
            out.append(INDENT)
                .append(prefix)
                .append("why: ")
                .append(change.why(target))
                .append('\n');
            change
                .instead(target)
                .ifPresent(
                    instead ->
                        out.append(INDENT)
                            .append(prefix)
                            .append("instead: ")
                            .append(instead)
                            .append('\n'));
          }
        }
      }
      for (CapacityImpact impact : cluster.capacity()) {
        out.append("  capacity: ").append(UnsafeText.escape(impact.text())).append('\n');
      }
      out.append('\n');
    }
    out.append(summary(report)).append('\n');
    return out.toString();
  }

  static String heading(ClusterDiff cluster, List<Target> targets) {
    StringBuilder heading = new StringBuilder(UnsafeText.escape(cluster.name()));
    cluster
        .previousName()
        .ifPresent(old -> heading.append(" (was ").append(UnsafeText.escape(old)).append(')'));
    heading.append(": ");
    if (targets.stream().map(cluster::worst).distinct().count() == 1) {
      heading.append(severity(cluster.worst(targets).orElseThrow()));
    } else {
      heading.append(
          String.join(
              "; ",
              targets.stream()
                  .map(t -> t.id() + ": " + severity(cluster.worst(t).orElseThrow()))
                  .toList()));
    }
    return heading.toString();
  }

  /** A consequence's label, flagged when it deletes something or fails the apply. */
  static String severity(Consequence consequence) {
    if (consequence.refused()) {
      return consequence.label() + " (the apply fails)";
    }
    return consequence.destructive() ? consequence.label() + " (destructive)" : consequence.label();
  }

  /**
   * The change on one line; values come from the YAML, so their control and bidi characters are
   * escaped.
   */
  static String describe(Change change) {
    String subject = UnsafeText.escape(change.subject());
    String before = UnsafeText.escape(change.before());
    String after = UnsafeText.escape(change.after());
    if (before.isEmpty()) {
      return subject + ": " + after;
    }
    if (after.isEmpty()) {
      return subject + ": " + before;
    }
    return subject + ": " + before + " → " + after;
  }

  /** The closing line, also used by the markdown form. */
  static String summary(DiffReport report) {
    if (report.clusters().isEmpty()) {
      return "No changes in Azure (" + plural(report.unchanged().size(), "cluster") + " compared).";
    }
    String line =
        plural(report.clusters().size(), "cluster")
            + " changed, "
            + report.unchanged().size()
            + " unchanged: "
            + plural(report.changeCount(), "change")
            + ", "
            + report.destructiveChangeCount()
            + " destructive";
    return line
        + (report.refused() ? ", " + report.refusedChangeCount() + " refused by Azure." : ".");
  }

  static String plural(long count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
