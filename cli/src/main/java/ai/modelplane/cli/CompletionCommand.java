package ai.modelplane.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code modelplane completion}: the bash and zsh completion script picocli generates from the
 * command models.
 */
final class CompletionCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "completion",
          List.of("Print the bash/zsh completion script (source <(modelplane completion))."));

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    // Only this subcommand is registered for this run; the script must know every one.
    String script = AutoComplete.bash("modelplane", ModelplaneCommand.withEverySubcommand());
    spec.commandLine().getOut().print(script);
    spec.commandLine().getOut().flush();
    return ModelplaneCommand.OK;
  }
}
