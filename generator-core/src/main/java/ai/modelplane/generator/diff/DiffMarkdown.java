package ai.modelplane.generator.diff;

import ai.modelplane.generator.render.Target;
import ai.modelplane.generator.text.UnsafeText;
import java.util.List;

/** The pull-request comment form of a {@link DiffReport} (GitHub-flavoured markdown). */
public final class DiffMarkdown {
  /** First line of every comment, so a workflow can find and update its own comment. */
  public static final String TITLE = "### Modelplane: what this change does in Azure";

  private DiffMarkdown() {}

  public static String render(DiffReport report) {
    List<Target> targets = report.targets();
    StringBuilder out = new StringBuilder(TITLE).append("\n\n");
    if (report.refused()) {
      out.append("> [!CAUTION]\n> ")
          .append(DiffText.plural(report.refusedChangeCount(), "change"))
          .append(" refused by Azure: the apply fails. Each says what to do instead.\n\n");
    }
    if (report.destructive()) {
      out.append("> [!CAUTION]\n> ")
          .append(DiffText.plural(report.destructiveChangeCount(), "destructive change"))
          .append(": nodes or clusters are deleted or recreated when this is applied.\n\n");
    }
    for (ClusterDiff cluster : report.clusters()) {
      out.append("#### ").append(code(cluster.name()));
      cluster.previousName().ifPresent(old -> out.append(" (was ").append(code(old)).append(')'));
      out.append(": ");
      if (targets.stream().map(cluster::worst).distinct().count() == 1) {
        out.append(strong(cluster.worst(targets).orElseThrow()));
      } else {
        out.append(
            String.join(
                "; ",
                targets.stream()
                    .map(t -> t.id() + " " + strong(cluster.worst(t).orElseThrow()))
                    .toList()));
      }
      out.append(
          "\n\n| Change | Before | After | Consequence | Why |\n| --- | --- | --- | --- | --- |\n");
      for (Change change : cluster.changes()) {
        out.append("| ")
            .append(cell(change.subject()))
            .append(" | ")
            .append(change.before().isEmpty() ? "" : code(change.before()))
            .append(" | ")
            .append(change.after().isEmpty() ? "" : code(change.after()))
            .append(" | ")
            .append(consequences(change, targets))
            .append(" | ")
            .append(reasons(change, targets))
            .append(" |\n");
      }
      if (!cluster.capacity().isEmpty()) {
        out.append('\n');
        cluster
            .capacity()
            .forEach(
                impact -> out.append("- GPU capacity: ").append(cell(impact.text())).append('\n'));
      }
      out.append('\n');
    }
    out.append(DiffText.summary(report)).append('\n');
    return out.toString();
  }

  /** One consequence where the targets agree, else one line per target. */
  private static String consequences(Change change, List<Target> targets) {
    if (change.agrees(targets)) {
      return strong(change.consequence(targets.get(0)));
    }
    return String.join(
        "<br>", targets.stream().map(t -> t.id() + ": " + strong(change.consequence(t))).toList());
  }

  private static String reasons(Change change, List<Target> targets) {
    if (change.sameReason(targets)) {
      return reason(change, targets.get(0));
    }
    return String.join(
        "<br>", targets.stream().map(t -> t.id() + ": " + reason(change, t)).toList());
  }

  private static String reason(Change change, Target target) {
    String why = cell(change.why(target));
    return change
        .instead(target)
        .map(instead -> why + ". **Instead:** " + cell(instead))
        .orElse(why);
  }

  /** Bold when the reviewer must stop: something is deleted, or the apply fails. */
  private static String strong(Consequence consequence) {
    return consequence.destructive() || consequence.refused()
        ? "**" + consequence.label() + "**"
        : consequence.label();
  }

  /**
   * A code span that survives any content: control and bidi characters escaped (so it stays on one
   * line and reads as it is), pipes escaped for tables, fence longer than any backtick run.
   */
  static String code(String value) {
    String escaped = UnsafeText.escape(value).replace("|", "\\|");
    int longest = 0;
    int run = 0;
    for (char c : escaped.toCharArray()) {
      run = c == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    String pad = longest > 0 ? " " : "";
    return fence + pad + escaped + pad + fence;
  }

  /**
   * Plain text in a table cell: control and bidi characters, pipes and markup characters escaped.
   */
  static String cell(String text) {
    StringBuilder out = new StringBuilder();
    for (char c : UnsafeText.escape(text).toCharArray()) {
      if ("|\\`*_[]<>#".indexOf(c) >= 0) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }
}
