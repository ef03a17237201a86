package ai.modelplane.cli;

import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.startup.Warmup;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** The {@code modelplane} command: a thin picocli adapter over generator-core. */
public final class ModelplaneCommand implements Runnable {
  /** Exit code: success, nothing differs. */
  public static final int OK = 0;

  /** Exit code: invalid input, usage, I/O or Azure failure. */
  public static final int ERROR = 1;

  /** Exit code: a difference was found (stale files under --check, drift). */
  public static final int DIFFERENCE = 2;

  /**
   * Exit code of {@code diff}: Azure refuses a change, so the apply would fail (takes precedence
   * over 2).
   */
  public static final int REFUSED = 3;

  /**
   * A subcommand, which builds its own picocli model ({@link CommandSpecs} says why not from
   * annotations).
   */
  interface Subcommand {
    CommandSpec spec();
  }

  /**
   * The subcommands, in the order help lists them. Only the subcommand being run is created and
   * registered with picocli; help, --version and mistakes get them all.
   */
  static final Map<String, Class<? extends Subcommand>> SUBCOMMANDS = subcommands();

  private final CommandSpec spec =
      CommandSpecs.command(
              this,
              "modelplane",
              List.of("Validates AKSCluster resources and renders them as Terraform or Bicep."))
          .versionProvider(new Version());

  /**
   * Subcommands that validate AKSCluster YAML, whose CEL set-up can start before the command line
   * is parsed.
   */
  private static final Set<String> VALIDATING =
      Set.of("validate", "generate", "diff", "drift", "import");

  public static void main(String[] args) {
    if (args.length > 0 && VALIDATING.contains(args[0])) {
      Warmup.validation();
    }
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs the command line with the given streams; the entry point tests use. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, out, err, CommandLine.defaultFactory());
  }

  /** With another factory for the command objects; tests use it to give commands test doubles. */
  static int run(String[] args, PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
    Class<? extends Subcommand> invoked = args.length == 0 ? null : SUBCOMMANDS.get(args[0]);
    CommandLine commandLine =
        withSubcommands(
            invoked == null ? SUBCOMMANDS.values() : List.<Class<? extends Subcommand>>of(invoked),
            factory);
    commandLine.setOut(out);
    commandLine.setErr(err);
    // Usage mistakes exit 1 like every other error (picocli's default is 2, which we reserve for
    // differences).
    commandLine.setParameterExceptionHandler(
        (ex, arguments) -> {
          err.println("modelplane: " + ex.getMessage());
          CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
          err.println("Run 'modelplane " + commandName(ex.getCommandLine()) + "--help' for usage.");
          return ERROR;
        });
    commandLine.setExecutionExceptionHandler(
        (ex, cl, parseResult) -> {
          Optional<IOException> io = ioCause(ex);
          if (io.isPresent()) {
            // An I/O failure a command did not catch is still the user's environment, not a bug:
            // one line saying what failed, exit 1.
            err.println("modelplane: " + Modelplane.escape(Modelplane.describe(io.get())));
            if (Verbosity.isVerbose(parseResult)) {
              ex.printStackTrace(err);
            }
            return ERROR;
          }
          err.println("modelplane: internal error: " + ex);
          if (Verbosity.isVerbose(parseResult)) {
            ex.printStackTrace(err);
          } else {
            err.println("Run again with --verbose to see the stack trace, and please report it.");
          }
          return ERROR;
        });
    return commandLine.execute(args);
  }

  /** The I/O failure behind {@code thrown}, if one is. */
  static Optional<IOException> ioCause(Throwable thrown) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof IOException io) {
        return Optional.of(io);
      }
    }
    return Optional.empty();
  }

  /** The whole command tree, every subcommand registered (for the completion script). */
  static CommandLine withEverySubcommand() {
    return withSubcommands(SUBCOMMANDS.values(), CommandLine.defaultFactory());
  }

  private static CommandLine withSubcommands(
      Collection<Class<? extends Subcommand>> subcommands, CommandLine.IFactory factory) {
    CommandLine commandLine = new CommandLine(new ModelplaneCommand().spec);
    for (Class<? extends Subcommand> subcommand : subcommands) {
      try {
        commandLine.addSubcommand(new CommandLine(factory.create(subcommand).spec()));
      } catch (Exception e) {
        throw new IllegalStateException("cannot create " + subcommand.getSimpleName(), e);
      }
    }
    return commandLine;
  }

  private static Map<String, Class<? extends Subcommand>> subcommands() {
    Map<String, Class<? extends Subcommand>> byName = new LinkedHashMap<>();
    byName.put("validate", ValidateCommand.class);
    byName.put("generate", GenerateCommand.class);
    byName.put("schema", SchemaCommand.class);
    byName.put("diff", DiffCommand.class);
    byName.put("explain", ExplainCommand.class);
    byName.put("drift", DriftCommand.class);
    byName.put("import", ImportCommand.class);
    byName.put("init", InitCommand.class);
    byName.put("completion", CompletionCommand.class);
    return Collections.unmodifiableMap(byName);
  }

  private static String commandName(CommandLine commandLine) {
    String name = commandLine.getCommandName();
    return name.equals("modelplane") ? "" : name + " ";
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * Reads the version and the commit the build wrote into the jar (git is asked at build time,
   * never here); read only when --version is asked.
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties properties = new Properties();
      try (InputStream in = ModelplaneCommand.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          properties.load(in);
        }
      }
      return lines(properties);
    }

    static String[] lines(Properties built) {
      String commit = built.getProperty("commit", "");
      // Anything but a commit id (a build outside git, or resources copied unfiltered) names no
      // commit.
      String commitLine =
          !commit.matches("[0-9a-f]{40,64}")
              ? "unknown commit"
              : "commit "
                  + commit
                  + ("true".equals(built.getProperty("modified"))
                      ? " with uncommitted changes"
                      : "");
      return new String[] {"modelplane " + built.getProperty("version", "unknown"), commitLine};
    }
  }
}
