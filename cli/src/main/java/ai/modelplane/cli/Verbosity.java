package ai.modelplane.cli;

import picocli.CommandLine;

/** The {@code --verbose} option shared by every subcommand. */
final class Verbosity {
  @CommandLine.Option(names = "--verbose", description = "Show stack traces of internal errors.")
  boolean verbose;

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
