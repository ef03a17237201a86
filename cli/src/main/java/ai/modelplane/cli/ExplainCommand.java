package ai.modelplane.cli;

import ai.modelplane.generator.docs.ExplainText;
import ai.modelplane.generator.docs.FieldDoc;
import ai.modelplane.generator.docs.FieldReference;
import ai.modelplane.generator.load.CrdSchema;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code modelplane explain [FIELD]}: a field's type, bounds, default and description, from the
 * CRD.
 */
final class ExplainCommand implements Callable<Integer>, ModelplaneCommand.Subcommand {
  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "explain",
          List.of(
              "Describe an AKSCluster field from the CRD (like kubectl explain), e.g. spec.nodePools.fabric; without FIELD, the top-level fields."),
          PositionalParamSpec.builder()
              .index("0")
              .arity("0..1")
              .type(String.class)
              .paramLabel("FIELD")
              .description("Dotted field path, e.g. spec.nodePools.fabric.")
              .build());

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    String field = CommandSpecs.parameters(spec);
    FieldReference reference = new FieldReference(CrdSchema.bundled());
    Optional<FieldDoc> doc = field == null ? Optional.of(reference.root()) : reference.find(field);
    if (doc.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println(
              "modelplane: no field "
                  + field
                  + " in "
                  + CrdSchema.KIND
                  + " (run 'modelplane explain' to list the top-level fields)");
      return ModelplaneCommand.ERROR;
    }
    spec.commandLine().getOut().print(ExplainText.render(doc.get()));
    spec.commandLine().getOut().flush();
    return ModelplaneCommand.OK;
  }
}
