package ai.modelplane.cli;

import java.net.URI;
import java.util.List;
import picocli.CommandLine;
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
   * One option or positional parameter of a command: its picocli model, and its value after
   * parsing. Commands hold one field per argument and read it through that field, so a misspelt
   * argument is a compile error, not a failure at run time.
   */
  static final class Arg<T> {
    private final ArgSpec spec;

    private Arg(ArgSpec spec) {
      this.spec = spec;
    }

    ArgSpec spec() {
      return spec;
    }

    /** The value after parsing (its default when not given). */
    T get() {
      return spec.getValue();
    }
  }

  /** An option being described; {@link #build} gives its typed handle. */
  static final class OptionBuilder<T> {
    private final OptionSpec.Builder builder;

    private OptionBuilder(OptionSpec.Builder builder) {
      this.builder = builder;
    }

    OptionBuilder<T> description(String description) {
      builder.description(description);
      return this;
    }

    OptionBuilder<T> defaultValue(String defaultValue) {
      builder.defaultValue(defaultValue);
      return this;
    }

    OptionBuilder<T> required(boolean required) {
      builder.required(required);
      return this;
    }

    OptionBuilder<T> converter(CommandLine.ITypeConverter<T> converter) {
      builder.converters(converter);
      return this;
    }

    Arg<T> build() {
      return new Arg<>(builder.build());
    }
  }

  /** {@code --subscription}, as drift and import read it. */
  static Arg<String> azureSubscription() {
    return option(String.class, "ID", "--subscription")
        .description("Subscription to read (default: AZURE_SUBSCRIPTION_ID).")
        .build();
  }

  /** {@code --cloud}, as drift and import read it. */
  static Arg<String> azureCloud() {
    return option(String.class, "NAME", "--cloud")
        .defaultValue("AzureCloud")
        .description(
            "AzureCloud, AzureChinaCloud or AzureUSGovernment (default: ${DEFAULT-VALUE}).")
        .build();
  }

  /** {@code --arm-endpoint}, as drift and import read it. */
  static Arg<URI> azureArmEndpoint() {
    return option(URI.class, "URL", "--arm-endpoint")
        .description(
            "ARM endpoint of a custom cloud; set AZURE_AUTHORITY_HOST for its sign-in endpoint.")
        .build();
  }

  /**
   * The model of {@code command}: its options and parameters in {@code args} order, then {@code
   * -h/--help} and {@code -V/--version} (picocli's standard help options).
   */
  static CommandSpec command(
      Object command, String name, List<String> description, Arg<?>... args) {
    CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
    spec.usageMessage().description(description.toArray(String[]::new));
    for (Arg<?> arg : args) {
      if (arg.spec() instanceof OptionSpec option) {
        spec.addOption(option);
      } else {
        spec.addPositional((PositionalParamSpec) arg.spec());
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

  /** An option without a value, false unless given; {@code names} are its spellings. */
  static Arg<Boolean> flag(String description, String... names) {
    return new Arg<>(
        OptionSpec.builder(names)
            .arity("0")
            .type(boolean.class)
            .initialValue(false)
            .description(description)
            .build());
  }

  /**
   * {@code --fail-on-warning}, which validate and generate share: the Maven plugin's {@code
   * failOnWarning}; {@code --strict} is its older spelling.
   */
  static Arg<Boolean> failOnWarning() {
    return flag("Treat warnings as errors.", "--fail-on-warning", "--strict");
  }

  /** An option with one value of {@code type}. */
  static <T> OptionBuilder<T> option(Class<T> type, String paramLabel, String... names) {
    return new OptionBuilder<>(
        OptionSpec.builder(names).arity("1").type(type).paramLabel(paramLabel));
  }

  /**
   * A positional parameter whose values are of type {@code T} (a {@code List} for several); the
   * caller's declaration names T, as picocli's own model holds no generic type.
   */
  static <T> Arg<T> parameter(PositionalParamSpec spec) {
    return new Arg<>(spec);
  }

  /** {@code PATH…}: one or more YAML files, folders or - for standard input. */
  static Arg<List<String>> paths() {
    return parameter(
        PositionalParamSpec.builder()
            .index("0..*")
            .arity("1..*")
            .required(true)
            .type(List.class)
            .auxiliaryTypes(String.class)
            .paramLabel("PATH")
            .description(
                "YAML files, folders (searched for *.yaml and *.yml), or - for standard input.")
            .build());
  }
}
