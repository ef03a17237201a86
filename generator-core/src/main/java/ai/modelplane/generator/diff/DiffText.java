package ai.modelplane.generator.diff;

import ai.modelplane.generator.text.UnsafeText;
import java.util.Arrays;

/** The terminal form of a {@link DiffReport}: one block per cluster, one line per change. */
public final class DiffText {
  private static final int LABEL_WIDTH =
      Arrays.stream(Consequence.values()).mapToInt(c -> c.label().length()).max().orElse(0);

  private DiffText() {}

  public static String render(DiffReport report) {
    StringBuilder out = new StringBuilder();
    for (ClusterDiff cluster : report.clusters()) {
      out.append(heading(cluster)).append('\n');
      for (Change change : cluster.changes()) {
        String label = change.consequence().label();
        out.append("  ").append(label).append(" ".repeat(LABEL_WIDTH - label.length() + 2));
        out.append(describe(change)).append('\n');
        if (change.consequence().destructive()) {
          out.append("  ").append(" ".repeat(LABEL_WIDTH + 2)).append("why: ").append(change.fact().why()).append('\n');
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

  static String heading(ClusterDiff cluster) {
    StringBuilder heading = new StringBuilder(UnsafeText.escape(cluster.name()));
    cluster.previousName().ifPresent(old -> heading.append(" (was ").append(UnsafeText.escape(old)).append(')'));
    Consequence worst = cluster.worst().orElseThrow();
    heading.append(": ").append(worst.label());
    if (worst.destructive()) {
      heading.append(" (destructive)");
    }
    return heading.toString();
  }

  /** The change on one line; values come from the YAML, so their control and bidi characters are escaped. */
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
    return plural(report.clusters().size(), "cluster") + " changed, " + report.unchanged().size() + " unchanged: "
        + plural(report.changeCount(), "change") + ", " + report.destructiveChangeCount() + " destructive.";
  }

  static String plural(long count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
