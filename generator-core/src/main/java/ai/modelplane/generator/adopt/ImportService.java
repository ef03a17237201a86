package ai.modelplane.generator.adopt;

import ai.modelplane.generator.diagnostic.ProgressListener;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Writes AKSCluster documents for live clusters. Implemented by the drift checker (the same
 * read-only ARM reader), found through {@link ServiceLoader} so that generator-core never loads the
 * Azure SDK.
 */
public interface ImportService {
  ImportOutcome importClusters(ImportRequest request, ProgressListener progress);

  /** The implementation on {@code classLoader}, or empty when the drift checker is not on it. */
  static Optional<ImportService> find(ClassLoader classLoader) {
    return ServiceLoader.load(ImportService.class, classLoader).findFirst();
  }
}
