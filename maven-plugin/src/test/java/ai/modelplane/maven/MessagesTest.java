package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.OutputRefusedException;
import ai.modelplane.generator.diagnostic.Diagnostic;
import ai.modelplane.generator.diagnostic.DiagnosticCode;
import ai.modelplane.generator.diagnostic.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessagesTest {
  static final Diagnostic ERROR =
      new Diagnostic(
          DiagnosticCode.MP104,
          Severity.ERROR,
          "src/main/modelplane/a.yaml",
          24,
          7,
          "spec.nodePools[1].minNodeCount",
          "must be at least 1 for GPU pools",
          "set minNodeCount: 1");
  static final Diagnostic WARNING =
      new Diagnostic(
          DiagnosticCode.MP210,
          Severity.WARNING,
          "src/main/modelplane/a.yaml",
          30,
          9,
          "spec.kubernetesVersion",
          "1.29 is outside AKS's supported window",
          "");

  @Test
  void invalidInput_errors_firstLineSaysWhatToFixThenEveryDiagnostic() {
    assertEquals(
        """
        Fix the AKSCluster YAML under src/main/modelplane: 1 error, 1 warning (file:line:column: problem (fix); \
        `modelplane validate src/main/modelplane` reports the same)
          src/main/modelplane/a.yaml:24:7: error: spec.nodePools[1].minNodeCount: must be at least 1 for GPU pools (set minNodeCount: 1)
          src/main/modelplane/a.yaml:30:9: warning: spec.kubernetesVersion: 1.29 is outside AKS's supported window""",
        Messages.invalidInput(List.of(ERROR, WARNING), false, "src/main/modelplane"));
  }

  /** The build log gets the same cut as the CLI: the first 1,000 and a line counting the rest. */
  @Test
  void invalidInput_thousandsOfFindings_showsTheFirstThousandAndCountsTheRest() {
    List<Diagnostic> many = new java.util.ArrayList<>();
    for (int line = 1; line <= 3_000; line++) {
      many.add(
          new Diagnostic(DiagnosticCode.MP205, Severity.ERROR, "a.yaml", line, 3, "p", "bad", ""));
    }
    many.add(WARNING);
    List<String> lines = Messages.invalidInput(many, false, "yaml").lines().toList();
    assertEquals(1_002, lines.size());
    assertEquals(
        "Fix the AKSCluster YAML under yaml: 3000 errors, 1 warning (file:line:column: problem"
            + " (fix); `modelplane validate yaml` reports the same)",
        lines.get(0));
    assertEquals("  a.yaml:1000:3: error: p: bad", lines.get(1_000));
    assertEquals(
        "  ... and 2001 more diagnostics not shown: 2000 errors, 1 warning (only the first 1000 by"
            + " file and position are shown; fix those and run again)",
        lines.get(1_001));
  }

  @Test
  void invalidInput_aValueCannotForgeALogLineOrAnAnnotation() {
    Diagnostic forged =
        new Diagnostic(
            DiagnosticCode.MP411,
            Severity.ERROR,
            "src/main/modelplane/a.yaml",
            12,
            15,
            "spec.nodePools[1].vmSize",
            "Invalid value: \"Std\n[ERROR] ::error file=main.tf,line=1::forged\u001b[31m\u202E\"",
            "");
    assertEquals(
        """
        Fix the AKSCluster YAML under yaml: 1 error, 0 warnings (file:line:column: problem (fix); `modelplane validate yaml` reports the same)
          src/main/modelplane/a.yaml:12:15: error: spec.nodePools[1].vmSize: Invalid value: \
        "Std\\n[ERROR] ::error file=main.tf,line=1::forged\\u001B[31m\\u202E\"""",
        Messages.invalidInput(List.of(forged), false, "yaml"));
  }

  @Test
  void invalidInput_warningsWithFailOnWarning_namesTheSwitch() {
    assertEquals(
        """
        Fix the warnings in the AKSCluster YAML under yaml, or set <failOnWarning>false</failOnWarning>: 0 errors, \
        1 warning (file:line:column: problem (fix); `modelplane validate yaml` reports the same)
          src/main/modelplane/a.yaml:30:9: warning: spec.kubernetesVersion: 1.29 is outside AKS's supported window""",
        Messages.invalidInput(List.of(WARNING), true, "yaml"));
  }

  @Test
  void invalidInput_warningsOnly_nothingToFailOn() {
    assertEquals("", Messages.invalidInput(List.of(WARNING), false, "yaml"));
    assertEquals("", Messages.invalidInput(List.of(), true, "yaml"));
  }

  @Test
  void stale_namesEveryFileAndTheCommand() {
    assertEquals(
        """
        Run `mvn modelplane:generate` and commit the result: 2 generated files under infra are out of date with src/main/modelplane
          infra/modules/terraform/cluster/main.tf
          infra/platform/c/terraform/main.tf""",
        Messages.stale(
            List.of("modules/terraform/cluster/main.tf", "platform/c/terraform/main.tf"),
            List.of(),
            "infra",
            "src/main/modelplane"));
    assertEquals(
        """
        Run `mvn modelplane:generate` and commit the result: 1 generated file under infra is out of date with yaml
          infra/a.tf""",
        Messages.stale(List.of("a.tf"), List.of(), "infra", "yaml"));
  }

  @Test
  void stale_handEdits_nameHowToForce() {
    assertEquals(
        """
        Move the hand edits into the AKSCluster YAML, or overwrite them with \
        `mvn modelplane:generate -Dmodelplane.force=true`, and commit the result: \
        2 generated files under infra are out of date with yaml (1 edited by hand)
          infra/a.tf (edited by hand)
          infra/b.tf""",
        Messages.stale(List.of("a.tf", "b.tf"), List.of("a.tf"), "infra", "yaml"));
  }

  @Test
  void refused_aHandEditNamesTheForceParameter() {
    OutputRefusedException.Conflict edited =
        new OutputRefusedException.Conflict(
            "infra/a.tf: was edited by hand since modelplane generated it; move the change into"
                + " the AKSCluster YAML, or force the overwrite",
            true);
    OutputRefusedException.Conflict foreign =
        new OutputRefusedException.Conflict("infra/b.tf: exists and was not written", false);
    assertEquals(
        "infra/a.tf: was edited by hand since modelplane generated it; move the change into the"
            + " AKSCluster YAML, or force the overwrite with <force>true</force>"
            + " (-Dmodelplane.force=true) (and 1 more conflict(s))",
        Messages.refused("ignored", List.of(edited, foreign)));
    assertEquals("as is", Messages.refused("as is", List.of(foreign, edited)));
    assertEquals("locked", Messages.refused("locked", List.of()));
  }

  @Test
  void missingDriftChecker_showsTheDependencyToAdd() {
    assertEquals(
        """
        Add the drift checker to the plugin's dependencies: the drift goal needs ai.modelplane:modelplane-drift-checker \
        (it brings the Azure SDK, which generate, validate and check never download). In pom.xml:
          <plugin>
            <groupId>ai.modelplane</groupId>
            <artifactId>modelplane-maven-plugin</artifactId>
            <version>2.3.4</version>
            <dependencies>
              <dependency>
                <groupId>ai.modelplane</groupId>
                <artifactId>modelplane-drift-checker</artifactId>
                <version>2.3.4</version>
              </dependency>
            </dependencies>
          </plugin>""",
        Messages.missingDriftChecker("2.3.4"));
  }

  @Test
  void internalError_namesGoalExceptionAndWhatToDo() {
    assertEquals(
        "modelplane:generate failed unexpectedly: IllegalStateException: terraform output is not part of this build"
            + " (run Maven with -e for the stack trace, and please report it)",
        Messages.internalError(
            "generate", new IllegalStateException("terraform output is not part of this build")));
    assertEquals(
        "modelplane:check failed unexpectedly: java.lang.NullPointerException"
            + " (run Maven with -e for the stack trace, and please report it)",
        Messages.internalError("check", new NullPointerException()));
  }
}
