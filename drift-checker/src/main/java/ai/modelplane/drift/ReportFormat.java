package ai.modelplane.drift;

import ai.modelplane.generator.drift.DriftOutcome.Status;
import java.util.Optional;

/** {@code --output}: how a {@link DriftRun} is written. */
enum ReportFormat {
  TEXT("text"),
  JSON("json"),
  MARKDOWN("markdown");

  private final String option;

  ReportFormat(String option) {
    this.option = option;
  }

  static Optional<ReportFormat> fromOption(String value) {
    for (ReportFormat format : values()) {
      if (format.option.equals(value)) {
        return Optional.of(format);
      }
    }
    return Optional.empty();
  }

  String render(DriftRun run) {
    return switch (this) {
      case TEXT -> TextReport.render(run);
      case JSON -> JsonReport.render(run);
      case MARKDOWN -> MarkdownReport.render(run);
    };
  }

  /** Status words shared by every format. */
  static String label(Status status) {
    return switch (status) {
      case IN_SYNC -> "in-sync";
      case DRIFT -> "drift";
      case FAILED -> "failed";
    };
  }
}
