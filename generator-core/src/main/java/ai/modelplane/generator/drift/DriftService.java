package ai.modelplane.generator.drift;

import ai.modelplane.generator.diagnostic.ProgressListener;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Compares live Azure with AKSCluster YAML. Implemented by the optional {@code
 * modelplane-drift-checker} artifact (found through {@link ServiceLoader}), so that generator-core
 * and the Maven plugin's {@code generate} goal never load the Azure SDK.
 */
public interface DriftService {
  DriftOutcome check(DriftRequest request, ProgressListener progress);

  /** The implementation on {@code classLoader}, or empty when the drift checker is not on it. */
  static Optional<DriftService> find(ClassLoader classLoader) {
    return ServiceLoader.load(DriftService.class, classLoader).findFirst();
  }
}
