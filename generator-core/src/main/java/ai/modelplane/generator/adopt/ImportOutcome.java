package ai.modelplane.generator.adopt;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code modelplane import} did.
 *
 * @param clusters one entry per live cluster, in the order they were read
 * @param errors problems that stopped the run before anything was written, one line each; never
 *     credentials
 */
public record ImportOutcome(List<ImportedCluster> clusters, List<String> errors) {
  public ImportOutcome {
    clusters = List.copyOf(clusters);
    errors = List.copyOf(errors);
  }

  public static ImportOutcome failed(List<String> errors) {
    return new ImportOutcome(List.of(), errors);
  }

  public boolean failed() {
    return !errors.isEmpty();
  }

  /**
   * One live cluster as a document.
   *
   * @param armId the managed cluster's ARM id
   * @param file where the document was written
   * @param warnings what the AKSCluster cannot express (also written as comments beside the
   *     document)
   * @param firstApplyChanges what a first {@code terraform apply} or stack deployment of the
   *     generated code would change on the live cluster, as {@code modelplane drift} words it;
   *     empty when it takes the cluster over unchanged
   */
  public record ImportedCluster(
      String armId, Path file, List<String> warnings, List<String> firstApplyChanges) {
    public ImportedCluster {
      warnings = List.copyOf(warnings);
      firstApplyChanges = List.copyOf(firstApplyChanges);
    }
  }
}
