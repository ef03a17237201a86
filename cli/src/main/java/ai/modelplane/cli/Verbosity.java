package ai.modelplane.cli;

import picocli.CommandLine;

/** Whether {@code --verbose} ({@link CommandSpecs#verbose()}) was given to the command that ran. */
final class Verbosity {
  private Verbosity() {}

  static boolean isVerbose(CommandLine.ParseResult parseResult) {
    CommandLine.ParseResult sub = parseResult;
    while (sub != null) {
      if (sub.hasMatchedOption("--verbose")) {
        return true;
      }
      sub = sub.subcommand();
    }
    return false;
  }
}
