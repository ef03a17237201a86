package ai.modelplane.cli;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import ai.modelplane.generator.render.TargetSelection;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CLI maps options to calls of the generator's API and model (docs/architecture.md). It does
 * not yet go through one facade: {@link #NOT_YET_BEHIND_THE_API} lists the other core packages it
 * uses today, so the list can only shrink.
 */
class AdapterDependenciesTest {
  /** The API, the model, the findings it reports, and the start-up entry point. */
  private static final String[] API = {
    "ai.modelplane.generator",
    "ai.modelplane.generator.drift",
    "ai.modelplane.generator.adopt",
    "ai.modelplane.generator.startup",
    "ai.modelplane.generator.model..",
    "ai.modelplane.generator.diagnostic.."
  };

  /** The one type of render the adapters parse their target option into. */
  private static final Class<?> TARGET_CHOICE = TargetSelection.class;

  private static final String[] NOT_YET_BEHIND_THE_API = {};

  @Test
  void theCliUsesOnlyTheApiModelAndTheListedPackagesOfCore() {
    noClasses()
        .that()
        .resideInAPackage("ai.modelplane.cli..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("ai.modelplane.generator..")
                .and(not(resideInAnyPackage(API)))
                .and(not(equivalentTo(TARGET_CHOICE)))
                .and(not(resideInAnyPackage(NOT_YET_BEHIND_THE_API))))
        .check(new ClassFileImporter().importPath(mainClassFolder()));
  }

  /**
   * The module's compiled main classes (target/classes): reading only them, not every jar, keeps
   * this fast.
   */
  private static Path mainClassFolder() {
    try {
      return Path.of(
          ModelplaneCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
