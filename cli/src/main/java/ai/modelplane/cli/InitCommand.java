package ai.modelplane.cli;

import ai.modelplane.generator.catalog.KubernetesVersions;
import ai.modelplane.generator.docs.FieldReference;
import ai.modelplane.generator.docs.StarterCluster;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.load.SupportCalendarClock;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code modelplane init FILE}: writes a starter AKSCluster, checked by the same validation as
 * {@code validate} before anything is written, and never over an existing file.
 */
final class InitCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "init",
          List.of("Write a starter AKSCluster file, each field explained; never overwrites one."),
          CommandSpecs.option(String.class, "NAME", "--name")
              .defaultValue("inference")
              .description("metadata.name. Default: ${DEFAULT-VALUE}.")
              .build(),
          CommandSpecs.option(String.class, "NAMESPACE", "--namespace")
              .defaultValue("default")
              .description("metadata.namespace. Default: ${DEFAULT-VALUE}.")
              .build(),
          CommandSpecs.option(String.class, "LOCATION", "--location")
              .defaultValue("westeurope")
              .description("spec.location, the Azure region. Default: ${DEFAULT-VALUE}.")
              .build(),
          CommandSpecs.flag("--no-gpu", "Only a System pool, no GPU pool."),
          CommandSpecs.option(String.class, "URI", "--schema")
              .defaultValue("akscluster.schema.json")
              .description(
                  "Where editors find the editor JSON Schema (modelplane schema --json), relative to FILE or a URL. Default: ${DEFAULT-VALUE}.")
              .build(),
          PositionalParamSpec.builder()
              .index("0")
              .arity("1")
              .type(String.class)
              .paramLabel("FILE")
              .description("The file to write (its folder is created), or - for standard output.")
              .build());

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    String file = CommandSpecs.parameters(spec);
    boolean toStdout = file.equals("-");
    Path target = Path.of(file);
    if (!toStdout && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return console.error(file + " exists; init never overwrites a file");
    }
    Clock clock = SupportCalendarClock.fromEnvironment();
    StarterCluster starter =
        new StarterCluster(
            CommandSpecs.value(spec, "--name"),
            CommandSpecs.value(spec, "--namespace"),
            CommandSpecs.value(spec, "--location"),
            !(boolean) CommandSpecs.value(spec, "--no-gpu"),
            CommandSpecs.value(spec, "--schema"));
    String yaml =
        starter.render(
            new FieldReference(CrdSchema.bundled()),
            KubernetesVersions.bundled(),
            LocalDate.now(clock));
    try {
      // Options become names and regions: what validate would refuse is refused here, before
      // anything is written.
      ValidationResult result = validate(yaml, toStdout ? InputSource.STDIN : file, clock);
      if (!result.isValid(false)) {
        console.diagnostics(result.diagnostics());
        return console.error("nothing written: the options above give an invalid AKSCluster");
      }
      if (toStdout) {
        console.out().print(yaml);
        console.out().flush();
        return ModelplaneCommand.OK;
      }
      if (target.toAbsolutePath().getParent() != null) {
        Files.createDirectories(target.toAbsolutePath().getParent());
      }
      // CREATE_NEW: a file (or link) that appeared since the check above is not replaced either.
      try (OutputStream out =
          Files.newOutputStream(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        out.write(yaml.getBytes(StandardCharsets.UTF_8));
      }
    } catch (FileAlreadyExistsException e) {
      return console.error(file + " exists; init never overwrites a file");
    } catch (IOException e) {
      return console.ioError(e);
    }
    console.note("wrote " + file + ": check it with modelplane validate " + file);
    return ModelplaneCommand.OK;
  }

  private static ValidationResult validate(String yaml, String displayPath, Clock clock)
      throws IOException {
    Path scratch = Files.createTempFile("modelplane-init", ".yaml");
    try {
      Files.writeString(scratch, yaml);
      return new Validator(CrdSchema.bundled(), clock)
          .validate(List.of(InputSource.file(scratch, displayPath)));
    } finally {
      Files.deleteIfExists(scratch);
    }
  }
}
