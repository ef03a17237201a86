package ai.modelplane.drift;

import ai.modelplane.generator.drift.DriftOutcome.Status;
import ai.modelplane.generator.naming.AzureNames;
import java.util.ArrayList;
import java.util.List;

/** The default report: a heading and an aligned table per cluster, then a summary line. */
final class TextReport {
  private static final List<String> HEADER =
      List.of("SEVERITY", "KIND", "PATH", "AZURE PROPERTY", "DESIRED", "LIVE");

  private TextReport() {}

  static String render(DriftRun run) {
    StringBuilder out = new StringBuilder();
    for (ClusterResult cluster : run.clusters()) {
      AzureNames names = cluster.plan().names();
      out.append(show(cluster.plan().cluster().qualifiedName()))
          .append(" (")
          .append(show(cluster.plan().cluster().source().displayPath()))
          .append("): ")
          .append(headline(cluster))
          .append('\n');
      out.append("  managed cluster ")
          .append(show(names.cluster()))
          .append(" in resource group ")
          .append(show(names.resourceGroup()))
          .append(", ")
          .append(cluster.armRequests())
          .append(" ARM request(s)\n");
      cluster
          .failure()
          .ifPresent(
              failure ->
                  out.append("  could not check (")
                      .append(failure.kind().label())
                      .append("): ")
                      .append(show(failure.message()))
                      .append('\n'));
      if (!cluster.findings().isEmpty()) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (Finding finding : cluster.findings()) {
          rows.add(
              List.of(
                  finding.severity().label(),
                  finding.kind().label(),
                  show(finding.path()),
                  show(finding.azureProperty()),
                  show(finding.desired()),
                  show(finding.live())));
        }
        table(out, rows);
      }
      out.append('\n');
    }
    out.append(summary(run)).append('\n');
    return out.toString();
  }

  /**
   * Server text (live values, pool names, ARM's messages) with control, bidi and invisible
   * characters escaped.
   */
  private static String show(String text) {
    return ServerText.printable(text);
  }

  private static String headline(ClusterResult cluster) {
    return switch (cluster.status()) {
      case IN_SYNC -> "in sync";
      case DRIFT -> "DRIFT, " + cluster.findings().size() + " finding(s)";
      case FAILED -> "COULD NOT CHECK";
    };
  }

  static String summary(DriftRun run) {
    return run.clusters().size()
        + " cluster(s): "
        + run.count(Status.IN_SYNC)
        + " in sync, "
        + run.count(Status.DRIFT)
        + " with drift, "
        + run.count(Status.FAILED)
        + " could not be checked; "
        + run.armRequests()
        + " ARM request(s) in subscription "
        + ServerText.printable(run.subscription())
        + (run.mode().equals("resource-graph") ? " (Resource Graph)" : "");
  }

  private static void table(StringBuilder out, List<List<String>> rows) {
    int columns = rows.get(0).size();
    int[] widths = new int[columns];
    for (List<String> row : rows) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    for (List<String> row : rows) {
      StringBuilder line = new StringBuilder("  ");
      for (int i = 0; i < columns; i++) {
        line.append(row.get(i));
        if (i < columns - 1) {
          line.append(" ".repeat(widths[i] - row.get(i).length() + 2));
        }
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
  }
}
