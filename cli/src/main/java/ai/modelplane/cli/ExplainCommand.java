package ai.modelplane.cli;

import ai.modelplane.generator.Modelplane;
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
  private final CommandSpecs.Arg<String> field =
      CommandSpecs.parameter(
          PositionalParamSpec.builder()
              .index("0")
              .arity("0..1")
              .type(String.class)
              .paramLabel("FIELD")
              .description("Dotted field path, e.g. spec.nodePools.fabric.")
              .build());

  private final CommandSpec spec =
      CommandSpecs.command(
          this,
          "explain",
          List.of(
              "Describe an AKSCluster field from the CRD (like kubectl explain), e.g. spec.nodePools.fabric; without FIELD, the top-level fields."),
          field);

  @Override
  public CommandSpec spec() {
    return spec;
  }

  @Override
  public Integer call() {
    Optional<String> text = new Modelplane().explain(Optional.ofNullable(field.get()));
    if (text.isEmpty()) {
      spec.commandLine()
          .getErr()
          .println(
              "modelplane: no field "
                  + field.get()
                  + " in "
                  + Modelplane.KIND
                  + " (run 'modelplane explain' to list the top-level fields)");
      return ModelplaneCommand.ERROR;
    }
    spec.commandLine().getOut().print(text.get());
    spec.commandLine().getOut().flush();
    return ModelplaneCommand.OK;
  }
}
