package ai.modelplane.cli;

import ai.modelplane.generator.adopt.ImportService;
import ai.modelplane.generator.drift.DriftService;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the drift checker: on the class path (tests, the Maven build), or else in {@code
 * modelplane-drift.jar} beside the standalone {@code modelplane.jar}. That jar holds the drift
 * checker and the Azure SDK; it is opened in a class loader of its own only here, so no other
 * command reads it (nor pays for it when a library scans the class path for resources or probes for
 * optional classes).
 */
final class DriftCheckerLookup {
  /** The drift checker's jar, built beside modelplane.jar (cli/pom.xml names it too). */
  static final String DRIFT_JAR = "modelplane-drift.jar";

  /** The service, or the one-line reason it is missing. */
  record Found<S>(Optional<S> service, String problem) {}

  private DriftCheckerLookup() {}

  static Found<DriftService> find() {
    return find(DriftService::find, "drift");
  }

  /** {@code modelplane import} reads Azure with the drift checker, so it lives in the same jar. */
  static Found<ImportService> findImport() {
    return find(ImportService::find, "import");
  }

  private static <S> Found<S> find(Function<ClassLoader, Optional<S>> lookup, String command) {
    ClassLoader own = DriftCheckerLookup.class.getClassLoader();
    Optional<S> onClassPath = lookup.apply(own);
    if (onClassPath.isPresent()) {
      return new Found<>(onClassPath, "");
    }
    Optional<Path> standaloneJar = standaloneJar();
    if (standaloneJar.isEmpty()) {
      return new Found<>(
          Optional.empty(),
          "the drift checker (modelplane-drift-checker) is not on the class path");
    }
    Path driftJar = standaloneJar.get().resolveSibling(DRIFT_JAR);
    String needs =
        command
            + " needs "
            + DRIFT_JAR
            + " beside "
            + standaloneJar.get().getFileName()
            + "; "
            + driftJar;
    if (!Files.isRegularFile(driftJar)) {
      return new Found<>(Optional.empty(), needs + " is missing");
    }
    // Never closed: the Azure SDK's threads may still load classes from it until the process exits.
    URLClassLoader loader = new URLClassLoader("modelplane-drift", new URL[] {url(driftJar)}, own);
    Optional<S> inJar = lookup.apply(loader);
    if (inJar.isEmpty()) {
      return new Found<>(inJar, needs + " holds no drift checker");
    }
    // Libraries that look services up through the context class loader must see the drift jar too.
    Thread.currentThread().setContextClassLoader(loader);
    return new Found<>(inJar, "");
  }

  /** The jar this CLI runs from, or empty when it runs from class folders. */
  private static Optional<Path> standaloneJar() {
    CodeSource source = DriftCheckerLookup.class.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return Optional.empty();
    }
    try {
      Path location = Path.of(source.getLocation().toURI());
      return Files.isRegularFile(location) ? Optional.of(location) : Optional.empty();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static URL url(Path file) {
    try {
      return file.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException("cannot name " + file + " as a URL", e);
    }
  }
}
