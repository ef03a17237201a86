package ai.modelplane.cli;

import java.net.URI;
import java.util.List;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Picocli command models built in code, not read from annotations. Reading annotations makes the
 * JVM generate a proxy class for each annotation type (picocli's Command, Option, Parameters, Mixin
 * and Spec, and the meta-annotations behind them), which no class-data archive or AOT cache holds;
 * without them the seed example's cold {@code generate} through the launcher took 17 ms less on JDK
 * 17 and 31 ms less on JDK 25 (interleaved, 15 rounds each). The models give the same help and the
 * same errors as the annotations did, which {@code CommandLineModelTest} keeps approved.
 */
final class CommandSpecs {
  private CommandSpecs() {}

  /**
   * The model of {@code command}: its options and parameters in {@code args} order, then {@code
   * -h/--help} and {@code -V/--version} (picocli's standard help options).
   */
  /** {@code --subscription}, as drift and import read it. */
  static OptionSpec azureSubscription() {
    return option(String.class, "ID", "--subscription")
        .description("Subscription to read (default: AZURE_SUBSCRIPTION_ID).")
        .build();
  }

  /** {@code --cloud}, as drift and import read it. */
  static OptionSpec azureCloud() {
    return option(String.class, "NAME", "--cloud")
        .defaultValue("AzureCloud")
        .description(
            "AzureCloud, AzureChinaCloud or AzureUSGovernment (default: ${DEFAULT-VALUE}).")
        .build();
  }

  /** {@code --arm-endpoint}, as drift and import read it. */
  static OptionSpec azureArmEndpoint() {
    return option(URI.class, "URL", "--arm-endpoint")
        .description(
            "ARM endpoint of a custom cloud; set AZURE_AUTHORITY_HOST for its sign-in endpoint.")
        .build();
  }

  static CommandSpec command(
      Object command, String name, List<String> description, ArgSpec... args) {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
    spec.usageMessage().description(description.toArray(String[]::new));
    for (ArgSpec arg : args) {
      if (arg instanceof OptionSpec option) {
        spec.addOption(option);
      } else {
        spec.addPositional((PositionalParamSpec) arg);
      }
    }
    spec.addOption(
        OptionSpec.builder("-h", "--help")
            .usageHelp(true)
            .description("Show this help message and exit.")
            .build());
    spec.addOption(
        OptionSpec.builder("-V", "--version")
            .versionHelp(true)
            .description("Print version information and exit.")
            .build());
    return spec;
  }

  /** An option without a value, false unless given. */
  static OptionSpec flag(String name, String description) {
    return OptionSpec.builder(name)
        .arity("0")
        .type(boolean.class)
        .initialValue(false)
        .description(description)
        .build();
  }

  /** {@code --strict}, which validate and generate share. */
  static OptionSpec strict() {
    return flag("--strict", "Treat warnings as errors.");
  }

  /** An option with one value of {@code type}. */
  static OptionSpec.Builder option(Class<?> type, String paramLabel, String... names) {
    return OptionSpec.builder(names).arity("1").type(type).paramLabel(paramLabel);
  }

  /** {@code PATH…}: one or more YAML files, folders or - for standard input. */
  static PositionalParamSpec paths() {
    return PositionalParamSpec.builder()
        .index("0..*")
        .arity("1..*")
        .required(true)
        .type(List.class)
        .auxiliaryTypes(String.class)
        .paramLabel("PATH")
        .description(
            "YAML files, folders (searched for *.yaml and *.yml), or - for standard input.")
        .build();
  }

  /** The value of the option named {@code name} after parsing (its default when not given). */
  static <T> T value(CommandSpec spec, String name) {
    return spec.findOption(name).getValue();
  }

  /** The value of the first positional parameter after parsing. */
  static <T> T parameters(CommandSpec spec) {
    return spec.positionalParameters().get(0).getValue();
  }
}
