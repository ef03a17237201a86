package ai.modelplane.cli;

import ai.modelplane.generator.Modelplane;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code modelplane schema}: prints the CRD, or with {@code --json} the editor JSON Schema. */
final class SchemaCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpecs.Arg<Boolean> json =
      CommandSpecs.flag(
          "Print the JSON Schema for editors (yaml-language-server) instead of the CRD.", "--json");

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "schema",
          List.of("Print the AKSCluster CRD (or, with --json, the editor JSON Schema)."),
          json);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() throws IOException {
    Optional<String> schema = new Modelplane().schema(json.get());
    if (schema.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println(
              "modelplane: "
                  + Modelplane.schemaResource(json.get())
                  + " is missing from this build");
      return ModelplaneCommand.ERROR;
    }
    spec.commandLine().getOut().print(schema.get());
    spec.commandLine().getOut().flush();
    return ModelplaneCommand.OK;
  }
}
