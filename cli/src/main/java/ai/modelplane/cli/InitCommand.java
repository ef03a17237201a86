package ai.modelplane.cli;

import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.Starter;
import ai.modelplane.generator.StarterRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code modelplane init FILE}: writes a starter AKSCluster, checked by the same validation as
 * {@code validate} before anything is written, and never over an existing file.
 */
final class InitCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpecs.Arg<String> name =
      CommandSpecs.option(String.class, "NAME", "--name")
          .defaultValue("inference")
          .description("metadata.name. Default: ${DEFAULT-VALUE}.")
          .build();
  private final CommandSpecs.Arg<String> namespace =
      CommandSpecs.option(String.class, "NAMESPACE", "--namespace")
          .defaultValue("default")
          .description("metadata.namespace. Default: ${DEFAULT-VALUE}.")
          .build();
  private final CommandSpecs.Arg<String> location =
      CommandSpecs.option(String.class, "LOCATION", "--location")
          .defaultValue("westeurope")
          .description("spec.location, the Azure region. Default: ${DEFAULT-VALUE}.")
          .build();
  private final CommandSpecs.Arg<Boolean> noGpu =
      CommandSpecs.flag("Only a System pool, no GPU pool.", "--no-gpu");
  private final CommandSpecs.Arg<String> schema =
      CommandSpecs.option(String.class, "URI", "--schema")
          .defaultValue("akscluster.schema.json")
          .description(
              "Where editors find the editor JSON Schema (modelplane schema --json), relative to FILE or a URL; a relative one that does not exist yet is written there. Default: ${DEFAULT-VALUE}.")
          .build();
  private final CommandSpecs.Arg<String> file =
      CommandSpecs.parameter(
          PositionalParamSpec.builder()
              .index("0")
              .arity("1")
              .type(String.class)
              .paramLabel("FILE")
              .description("The file to write (its folder is created), or - for standard output.")
              .build());

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "init",
          List.of("Write a starter AKSCluster file, each field explained; never overwrites one."),
          name,
          namespace,
          location,
          noGpu,
          schema,
          file);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    Console console = Console.of(spec);
    String file = this.file.get();
    boolean toStdout = file.equals("-");
    Path target = Path.of(file);
    if (!toStdout && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return console.error(file + " exists; init never overwrites a file");
    }
    try {
      // Options become names and regions: what validate would refuse is refused here, before
      // anything is written.
      Starter starter =
          new Modelplane()
              .starter(
                  new StarterRequest(
                      name.get(),
                      namespace.get(),
                      location.get(),
                      !noGpu.get(),
                      schema.get(),
                      toStdout ? Modelplane.STDIN : file));
      String yaml = starter.yaml();
      if (!starter.isValid()) {
        console.diagnostics(starter.diagnostics());
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
    String wrote = file;
    try {
      Path schemaFile = writeEditorSchema(target);
      if (schemaFile != null) {
        wrote += " and " + schemaFile + " (the editor schema its first line names)";
      }
    } catch (IOException e) {
      return console.ioError(e);
    }
    console.note("wrote " + wrote + ": check it with modelplane validate " + file);
    return ModelplaneCommand.OK;
  }

  /**
   * Writes the editor schema where the modeline of {@code written} points, so that an editor finds
   * it at once: only for a path relative to the file (not a URL), and never over an existing file,
   * which may be the schema of the files beside it.
   *
   * @return the file written, as the user would name it; null when none was
   */
  private Path writeEditorSchema(Path written) throws IOException {
    String location = schema.get();
    if (location.contains(":") || location.isEmpty()) {
      return null;
    }
    Path parent = written.getParent();
    Path schemaFile = parent == null ? Path.of(location) : parent.resolve(location);
    if (Files.exists(schemaFile, LinkOption.NOFOLLOW_LINKS)) {
      return null;
    }
    String text =
        new Modelplane()
            .schema(true)
            .orElseThrow(() -> new IOException("the editor schema is missing from this build"));
    if (schemaFile.toAbsolutePath().getParent() != null) {
      Files.createDirectories(schemaFile.toAbsolutePath().getParent());
    }
    try (OutputStream out =
        Files.newOutputStream(
            schemaFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    } catch (FileAlreadyExistsException e) {
      return null;
    }
    return schemaFile.normalize();
  }
}
