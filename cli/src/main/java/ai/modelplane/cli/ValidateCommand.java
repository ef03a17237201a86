package ai.modelplane.cli;

import ai.modelplane.generator.load.ClusterLoader;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.Inputs;
import ai.modelplane.generator.validate.ValidationResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code modelplane validate PATH…}. */
@Command(name = "validate", mixinStandardHelpOptions = true, description = "Check AKSCluster YAML against the CRD, its rules and Azure's rules.")
final class ValidateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin Verbosity verbosity;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "YAML files, folders (searched for *.yaml and *.yml), or - for standard input.")
  List<String> paths;

  @Option(names = "--strict", description = "Treat warnings as errors.")
  boolean strict;

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    List<InputSource> sources;
    try {
      sources = Inputs.expand(paths, Path.of(""));
    } catch (IOException e) {
      return console.ioError(e);
    }
    ValidationResult result = new ClusterLoader(CrdSchema.bundled()).load(sources);
    console.diagnostics(result.diagnostics());
    if (!result.isValid(strict)) {
      return ModelplaneCommand.ERROR;
    }
    console.out().println(result.clusters().size() + " AKSCluster(s) valid in " + sources.size() + " file(s)");
    return ModelplaneCommand.OK;
  }
}
