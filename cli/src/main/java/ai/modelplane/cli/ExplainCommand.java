package ai.modelplane.cli;

import ai.modelplane.generator.docs.ExplainText;
import ai.modelplane.generator.docs.FieldDoc;
import ai.modelplane.generator.docs.FieldReference;
import ai.modelplane.generator.load.CrdSchema;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code modelplane explain [FIELD]}: a field's type, bounds, default and description, from the CRD. */
@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description = "Describe an AKSCluster field from the CRD (like kubectl explain), e.g. spec.nodePools.fabric; without FIELD, the top-level fields.")
final class ExplainCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "0..1", paramLabel = "FIELD", description = "Dotted field path, e.g. spec.nodePools.fabric.")
  String field;

  @Override
  public Integer call() {
    FieldReference reference = new FieldReference(CrdSchema.bundled());
    Optional<FieldDoc> doc = field == null ? Optional.of(reference.root()) : reference.find(field);
    if (doc.isEmpty()) {
      spec.commandLine().getErr().println("modelplane: no field " + field + " in " + CrdSchema.KIND
          + " (run 'modelplane explain' to list the top-level fields)");
      return ModelplaneCommand.ERROR;
    }
    spec.commandLine().getOut().print(ExplainText.render(doc.get()));
    spec.commandLine().getOut().flush();
    return ModelplaneCommand.OK;
  }
}
