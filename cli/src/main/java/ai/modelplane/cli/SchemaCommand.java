package ai.modelplane.cli;

import ai.modelplane.generator.load.CrdSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code modelplane schema}: prints the CRD, or with {@code --json} the editor JSON Schema. */
final class SchemaCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  static final String EDITOR_SCHEMA = "schema/akscluster.schema.json";

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "schema",
          List.of("Print the AKSCluster CRD (or, with --json, the editor JSON Schema)."),
          CommandSpecs.flag(
              "--json",
              "Print the JSON Schema for editors (yaml-language-server) instead of the CRD."));

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() throws IOException {
    boolean json = CommandSpecs.value(spec, "--json");
    String resource = json ? EDITOR_SCHEMA : CrdSchema.RESOURCE;
    try (InputStream in = CrdSchema.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        spec.commandLine()
            .getErr()
            .println("modelplane: " + resource + " is missing from this build");
        return ModelplaneCommand.ERROR;
      }
      spec.commandLine().getOut().print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      spec.commandLine().getOut().flush();
      return ModelplaneCommand.OK;
    }
  }
}
