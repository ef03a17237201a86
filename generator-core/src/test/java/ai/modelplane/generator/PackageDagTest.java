package ai.modelplane.generator;

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
 * Pins the package graph of docs/architecture.md: every layer depends only downward, and no cycles.
 */
class PackageDagTest {
  private static final String ROOT = "ai.modelplane.generator";
  private static JavaClasses classes;

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
        .layer("Model")
        .definedBy(ROOT + ".model..", ROOT + ".naming..")
        .layer("Diagnostic")
        .definedBy(ROOT + ".diagnostic..")
        .layer("Load")
        .definedBy(ROOT + ".load..")
        .layer("Bind")
        .definedBy(ROOT + ".bind..")
        .layer("Validate")
        .definedBy(ROOT + ".validate..")
        .layer("PlanAndRender")
        .definedBy(ROOT + ".plan..", ROOT + ".render..")
        .layer("Output")
        .definedBy(ROOT + ".output..")
        .layer("Diff")
        .definedBy(ROOT + ".diff..")
        .layer("Docs")
        .definedBy(ROOT + ".docs..")
        .layer("Api")
        .definedBy(ROOT)
        .layer("Drift")
        .definedBy(ROOT + ".drift..")
        .whereLayer("Utilities")
        .mayNotAccessAnyLayer()
        .whereLayer("Model")
        .mayOnlyAccessLayers("Utilities")
        .whereLayer("Diagnostic")
        .mayOnlyAccessLayers("Utilities")
        .whereLayer("Load")
        .mayOnlyAccessLayers("Utilities", "Diagnostic")
        .whereLayer("Bind")
        .mayOnlyAccessLayers("Utilities", "Model")
        .whereLayer("Validate")
        .mayOnlyAccessLayers("Utilities", "Model", "Diagnostic", "Load", "Bind")
        .whereLayer("PlanAndRender")
        .mayOnlyAccessLayers("Utilities", "Model", "Diagnostic", "Load", "Bind", "Validate")
        .whereLayer("Output")
        .mayOnlyAccessLayers(
            "Utilities", "Model", "Diagnostic", "Load", "Bind", "Validate", "PlanAndRender")
        .whereLayer("Diff")
        .mayOnlyAccessLayers(
            "Utilities", "Model", "Diagnostic", "Load", "Bind", "Validate", "PlanAndRender")
        .whereLayer("Docs")
        .mayOnlyAccessLayers("Utilities", "Model", "Diagnostic", "Load", "Bind", "Validate")
        .whereLayer("Api")
        .mayOnlyAccessLayers(
            "Utilities",
            "Model",
            "Diagnostic",
            "Load",
            "Bind",
            "Validate",
            "PlanAndRender",
            "Output",
            "Diff",
            "Docs")
        .whereLayer("Drift")
        .mayOnlyAccessLayers(
            "Utilities",
            "Model",
            "Diagnostic",
            "Load",
            "Bind",
            "Validate",
            "PlanAndRender",
            "Output",
            "Diff",
            "Docs",
            "Api")
        .check(classes);
  }

  @Test
  void packagesDoNotDependOnEachOtherInACircle() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(classes);
  }

  /**
   * One slice per package under the root (subpackages such as plan.view belong to theirs), except
   * the two pairs docs/architecture.md lists as known gaps, which count as one slice each until
   * split.
   */
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
          String top = name.substring(ROOT.length() + 1).split("\\.")[0];
          return SliceIdentifier.of(
              switch (top) {
                case "naming" -> "model";
                case "render" -> "plan";
                default -> top;
              });
        }

        @Override
        public String getDescription() {
          return "the packages of " + ROOT + " (model with naming, plan with render)";
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
