package ai.modelplane.drift;

import ai.modelplane.generator.adopt.ImportOutcome;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.load.CrdSchema;
import ai.modelplane.generator.load.InputSource;
import ai.modelplane.generator.model.AksCluster;
import ai.modelplane.generator.plan.ClusterPlan;
import ai.modelplane.generator.validate.ValidationResult;
import ai.modelplane.generator.validate.Validator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The imported documents checked after writing: each loaded as {@code modelplane validate} would,
 * and compared with the same live answer as {@code modelplane drift}, which says what a first apply
 * of the generated code would change.
 */
final class ImportReview {
  private ImportReview() {}

  /**
   * Loads what was written, as {@code modelplane validate} would, and compares it with the live
   * answer as drift does.
   */
  static ImportOutcome validateAndCompare(
      String subscription,
      List<LiveCluster> live,
      List<LiveClusterDocument.Result> documents,
      List<Path> files,
      Path workingDirectory,
      Redactor redactor) {
    // Warnings, changes and errors quote live values (pool names, sizes, versions): server text,
    // masked and escaped before anyone reads it.
    java.util.function.UnaryOperator<String> show =
        text -> ServerText.printable(redactor.redact(text));
    List<InputSource> sources =
        files.stream()
            .map(file -> InputSource.file(file, display(workingDirectory, file)))
            .toList();
    ValidationResult loaded = Validator.forExistingClusters(CrdSchema.bundled()).validate(sources);
    List<String> errors =
        loaded.diagnostics().stream()
            .filter(Diagnostic::isError)
            .map(Diagnostic::format)
            .map(show)
            .toList();
    Map<String, AksCluster> byFile = new HashMap<>();
    loaded.clusters().forEach(cluster -> byFile.put(cluster.source().displayPath(), cluster));
    List<ImportOutcome.ImportedCluster> imported = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      LiveCluster one = live.get(i);
      AksCluster cluster = byFile.get(sources.get(i).displayPath());
      List<String> changes = new ArrayList<>();
      if (cluster != null) {
        LiveState state =
            new LiveState(
                true,
                Optional.of(one.cluster()),
                one.network(),
                Optional.empty(),
                Optional.of(one.maintenance()));
        DriftComparator.compare(ClusterPlan.of(cluster), subscription, state).stream()
            .sorted(Finding.ORDER)
            .forEach(
                f ->
                    changes.add(
                        show.apply(
                            f.severity().name().toLowerCase(Locale.ROOT)
                                + " "
                                + f.kind().name().toLowerCase(Locale.ROOT)
                                + " "
                                + f.azureProperty()
                                + " ("
                                + f.path()
                                + "): live "
                                + f.live()
                                + ", generated "
                                + f.desired())));
      }
      imported.add(
          new ImportOutcome.ImportedCluster(
              show.apply(String.valueOf(one.cluster().id())),
              files.get(i),
              documents.get(i).warnings().stream().map(show).toList(),
              changes));
    }
    return new ImportOutcome(imported, errors);
  }

  static String display(Path workingDirectory, Path file) {
    Path absolute = workingDirectory.toAbsolutePath().normalize();
    Path target = file.toAbsolutePath().normalize();
    return target.startsWith(absolute) ? absolute.relativize(target).toString() : target.toString();
  }
}
