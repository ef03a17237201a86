package ai.modelplane.drift;

import ai.modelplane.generator.drift.DriftOutcome.Status;

/** {@code --output markdown}: for a pull-request or issue comment. */
final class MarkdownReport {
  private MarkdownReport() {}

  static String render(DriftRun run) {
    StringBuilder out = new StringBuilder();
    out.append("## Drift check: ")
        .append(
            switch (run.status()) {
              case IN_SYNC -> "in sync";
              case DRIFT -> "drift found";
              case FAILED -> "could not check everything";
            })
        .append("\n\n");
    out.append(TextReport.summary(run)).append(".\n");
    for (ClusterResult cluster : run.clusters()) {
      out.append("\n### `")
          .append(cell(cluster.plan().cluster().qualifiedName()))
          .append("` ")
          .append(
              switch (cluster.status()) {
                case IN_SYNC -> "in sync";
                case DRIFT -> "drift (" + cluster.findings().size() + ")";
                case FAILED -> "could not check";
              })
          .append("\n\n");
      out.append("Source `")
          .append(cell(cluster.plan().cluster().source().displayPath()))
          .append("`, managed cluster `")
          .append(cell(cluster.plan().names().cluster()))
          .append("` in resource group `")
          .append(cell(cluster.plan().names().resourceGroup()))
          .append("`.\n");
      cluster
          .failure()
          .ifPresent(
              failure ->
                  out.append("\n> **")
                      .append(failure.kind().label())
                      .append(":** ")
                      .append(cell(failure.message()))
                      .append('\n'));
      if (cluster.status() == Status.DRIFT) {
        out.append("\n| Severity | Kind | Path | Azure property | Desired | Live |\n");
        out.append("| --- | --- | --- | --- | --- | --- |\n");
        for (Finding finding : cluster.findings()) {
          out.append("| ")
              .append(finding.severity().label())
              .append(" | ")
              .append(finding.kind().label())
              .append(" | `")
              .append(cell(finding.path()))
              .append('`')
              .append(" | `")
              .append(cell(finding.azureProperty()))
              .append('`')
              .append(" | ")
              .append(cell(finding.desired()))
              .append(" | ")
              .append(cell(finding.live()))
              .append(" |\n");
        }
      }
    }
    return out.toString();
  }

  /**
   * Table cells cannot hold pipes or line breaks; backticks would end a code span early. Control,
   * bidi and invisible characters are escaped first ({@link ServerText}).
   */
  private static String cell(String text) {
    return ServerText.printable(text)
        .replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("`", "'")
        .replace("\r", " ")
        .replace("\n", " ");
  }
}
