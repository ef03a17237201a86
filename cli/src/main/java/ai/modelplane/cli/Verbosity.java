package ai.modelplane.cli;

import picocli.CommandLine;

/**
 * The {@code --verbose} option, which every command that reads YAML has, and whether it was given.
 */
final class Verbosity {
  private static final String NAME = "--verbose";

  private Verbosity() {}

  static CommandSpecs.Arg<Boolean> option() {
    return CommandSpecs.flag("Show stack traces of internal errors.", NAME);
  }

  /** Whether the command that ran, or one above it, was given {@code --verbose}. */
  static boolean isVerbose(CommandLine.ParseResult parseResult) {
    CommandLine.ParseResult sub = parseResult;
    while (sub != null) {
      if (sub.hasMatchedOption(NAME)) {
        return true;
      }
      sub = sub.subcommand();
    }
    return false;
  }
}
