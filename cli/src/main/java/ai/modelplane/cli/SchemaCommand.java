package ai.modelplane.cli;

import ai.modelplane.generator.load.CrdSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code modelplane schema}: prints the CRD, or with {@code --json} the editor JSON Schema. */
@Command(name = "schema", mixinStandardHelpOptions = true, description = "Print the AKSCluster CRD (or, with --json, the editor JSON Schema).")
final class SchemaCommand implements Callable<Integer> {
  static final String EDITOR_SCHEMA = "schema/akscluster.schema.json";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--json", description = "Print the JSON Schema for editors (yaml-language-server) instead of the CRD.")
  boolean json;

  @Override
  public Integer call() throws IOException {
    String resource = json ? EDITOR_SCHEMA : CrdSchema.RESOURCE;
    try (InputStream in = CrdSchema.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        spec.commandLine().getErr().println("modelplane: " + resource + " is missing from this build");
        return ModelplaneCommand.ERROR;
      }
      spec.commandLine().getOut().print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      spec.commandLine().getOut().flush();
      return ModelplaneCommand.OK;
    }
  }
}
