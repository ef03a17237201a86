package ai.modelplane.generator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pins the package graph of docs/architecture.md: every layer depends only downward, and no cycles;
 * and keeps build-time code out of the shipped classes.
 */
class PackageDagTest {
  private static final String ROOT = "ai.modelplane.generator";
  private static JavaClasses classes;

  /** Every layer the API package, the services and start-up build on, bottom up. */
  private static final String[] BELOW_API = {
    "Utilities",
    "Property",
    "Naming",
    "Model",
    "Diagnostic",
    "Load",
    "Bind",
    "Validate",
    "Render",
    "Platform",
    "Plan",
    "Emit",
    "Advice",
    "Output",
    "Diff",
    "Docs"
  };

  @BeforeAll
  static void importMainClasses() {
    classes = new ClassFileImporter().importPath(mainClassFolder());
  }

  @Test
  void eachLayerDependsOnlyOnLayersBelowIt() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Utilities")
        .definedBy(ROOT + ".text..", ROOT + ".lazy..", ROOT + ".catalog..")
        .layer("Property")
        .definedBy(ROOT + ".property..")
        .layer("Naming")
        .definedBy(ROOT + ".naming..")
        .layer("Model")
        .definedBy(ROOT + ".model..")
        .layer("Diagnostic")
        .definedBy(ROOT + ".diagnostic..")
        .layer("Load")
        .definedBy(ROOT + ".load..")
        .layer("Bind")
        .definedBy(ROOT + ".bind..")
        .layer("Validate")
        .definedBy(ROOT + ".validate..")
        .layer("Render")
        .definedBy(ROOT + ".render..")
        .layer("Platform")
        .definedBy(ROOT + ".platform..")
        .layer("Plan")
        .definedBy(ROOT + ".plan..")
        .layer("Emit")
        .definedBy(ROOT + ".emit..")
        .layer("Advice")
        .definedBy(ROOT + ".advice..")
        .layer("Output")
        .definedBy(ROOT + ".output..")
        .layer("Diff")
        .definedBy(ROOT + ".diff..")
        .layer("Docs")
        .definedBy(ROOT + ".docs..")
        .layer("Services")
        .definedBy(ROOT + ".drift..", ROOT + ".adopt..")
        .layer("Startup")
        .definedBy(ROOT + ".startup..")
        .layer("Api")
        .definedBy(ROOT)
        .whereLayer("Utilities")
        .mayNotAccessAnyLayer()
        // The property table is data: it reads its file and nothing else of the generator.
        .whereLayer("Property")
        .mayOnlyAccessLayers("Utilities")
        .whereLayer("Naming")
        .mayOnlyAccessLayers("Utilities")
        .whereLayer("Model")
        .mayOnlyAccessLayers("Utilities", "Naming")
        .whereLayer("Diagnostic")
        .mayOnlyAccessLayers("Utilities")
        .whereLayer("Load")
        .mayOnlyAccessLayers("Utilities", "Diagnostic")
        // The property table's settings are bound, laid out and declared from its entries.
        .whereLayer("Bind")
        .mayOnlyAccessLayers("Utilities", "Property", "Naming", "Model")
        // Azure's limits on a field are validated from the property table's entry of it.
        .whereLayer("Validate")
        .mayOnlyAccessLayers(
            "Utilities", "Property", "Naming", "Model", "Diagnostic", "Load", "Bind")
        .whereLayer("Render")
        .mayOnlyAccessLayers("Utilities")
        // Pins: read by the plan, reading nothing of it.
        .whereLayer("Platform")
        .mayOnlyAccessLayers("Utilities", "Naming", "Load")
        .whereLayer("Plan")
        .mayOnlyAccessLayers(
            "Utilities", "Property", "Naming", "Model", "Load", "Render", "Platform")
        // Files, paths and renderers: made from the plan's views, never read by the plan.
        .whereLayer("Emit")
        .mayOnlyAccessLayers("Utilities", "Naming", "Model", "Load", "Render", "Platform", "Plan")
        .whereLayer("Advice")
        .mayOnlyAccessLayers("Utilities", "Naming", "Model", "Diagnostic", "Platform")
        .whereLayer("Output")
        .mayOnlyAccessLayers("Utilities", "Diagnostic", "Render")
        .whereLayer("Diff")
        .mayOnlyAccessLayers(
            "Utilities",
            "Property",
            "Naming",
            "Model",
            "Diagnostic",
            "Load",
            "Bind",
            "Validate",
            "Render",
            "Platform",
            "Plan")
        // The field reference shows each field's targets and change facts (property, diff).
        .whereLayer("Docs")
        .mayOnlyAccessLayers(
            "Utilities",
            "Property",
            "Naming",
            "Model",
            "Diagnostic",
            "Load",
            "Bind",
            "Validate",
            "Render",
            "Diff")
        .whereLayer("Services")
        .mayOnlyAccessLayers(BELOW_API)
        // Start-up work the adapters begin before a run; nothing in core may start it.
        .whereLayer("Startup")
        .mayOnlyAccessLayers(BELOW_API)
        .whereLayer("Api")
        .mayOnlyAccessLayers(BELOW_API)
        .check(classes);
  }

  /**
   * The root package is the API the adapters call; everything under it is built before it and
   * imports nothing from it, so no package reaches the API and back.
   */
  @Test
  void noPackageBelowTheApiUsesIt() {
    noClasses()
        .that()
        .resideInAPackage(ROOT + ".*..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ROOT)
        .check(classes);
  }

  @Test
  void packagesDoNotDependOnEachOtherInACircle() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(classes);
  }

  /**
   * Steps the build runs (writing the CRD as JSON, the checked CEL rules, the editor schema) live
   * in src/build/java, which the jar does not ship; the generator's own entry points are the
   * adapters'.
   */
  @Test
  void noBuildStepShipsWithTheGenerator() {
    methods()
        .should()
        .notHaveName("main")
        .because("build steps belong in src/build/java, not in the jar")
        .check(classes);
  }

  /** One slice per package under the root; subpackages such as plan.view belong to theirs. */
  private static final SliceAssignment PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          if (name.equals(ROOT)) {
            return SliceIdentifier.of("api");
          }
          if (!name.startsWith(ROOT + ".")) {
            return SliceIdentifier.ignore();
          }
          return SliceIdentifier.of(name.substring(ROOT.length() + 1).split("\\.")[0]);
        }

        @Override
        public String getDescription() {
          return "the packages of " + ROOT;
        }
      };

  /**
   * The module's compiled main classes (target/classes): reading only them, not every jar, keeps
   * this fast.
   */
  private static Path mainClassFolder() {
    try {
      return Path.of(Generator.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
