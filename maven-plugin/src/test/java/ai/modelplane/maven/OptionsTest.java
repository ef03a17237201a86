package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ai.modelplane.generator.render.Target;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OptionsTest {
  @TempDir Path project;

  @Test
  void targets_namesCommasAndAll() throws Exception {
    assertEquals(EnumSet.of(Target.TERRAFORM), mojo(List.of("terraform")).targets().targets());
    assertEquals(EnumSet.of(Target.BICEP), mojo(List.of(" Bicep ")).targets().targets());
    assertEquals(EnumSet.allOf(Target.class), mojo(List.of("terraform,bicep")).targets().targets());
    assertEquals(EnumSet.allOf(Target.class), mojo(List.of("all")).targets().targets());
  }

  @Test
  void targets_unknown_failsWithTheChoices() {
    MojoFailureException e =
        assertThrows(
            MojoFailureException.class,
            () -> mojo(List.of("terraform", "pulumi")).targets().targets());
    assertEquals(
        "Set <targets> (-Dmodelplane.targets) to terraform, bicep or all: 'pulumi' is not a target",
        e.getMessage());
    e = assertThrows(MojoFailureException.class, () -> mojo(List.of(" ")).targets().targets());
    assertEquals(
        "Set <targets> (-Dmodelplane.targets) to terraform, bicep or all: it is empty",
        e.getMessage());
  }

  @Test
  void configuration_relativeToTheProject() throws Exception {
    CheckMojo mojo = mojo(List.of("bicep", "terraform"));
    Files.createDirectories(project.resolve("src/main/modelplane"));
    Files.writeString(project.resolve("src/main/modelplane/a.yaml"), "x");
    assertEquals(
        List.of(
            "sources=src/main/modelplane",
            "outputDirectory=infra",
            "targets=bicep,terraform",
            "failOnWarning=false",
            "allowEmpty=false"),
        mojo.configuration(mojo.sourceFiles(), mojo.targets()));
  }

  @Test
  void sources_missingOrEmpty_failWithTheFix() throws Exception {
    CheckMojo mojo = mojo(List.of("terraform"));
    MojoFailureException e = assertThrows(MojoFailureException.class, mojo::sourceFiles);
    assertEquals(
        "The sources folder src/main/modelplane does not exist: put AKSCluster YAML there, or point <sources> "
            + "(-Dmodelplane.sources) at the folder that holds it.",
        e.getMessage());
    Files.createDirectories(project.resolve("src/main/modelplane"));
    Files.writeString(project.resolve("src/main/modelplane/notes.txt"), "x");
    e = assertThrows(MojoFailureException.class, mojo::sourceFiles);
    assertEquals(
        "The sources folder src/main/modelplane holds no *.yaml or *.yml file: add an AKSCluster there, or "
            + "point <sources> (-Dmodelplane.sources) at the folder that holds it.",
        e.getMessage());
  }

  @Test
  void skip_checkedBeforeAnything() throws Exception {
    CheckMojo mojo = mojo(List.of("not-a-target"));
    mojo.skip = true;
    List<String> logged = new java.util.ArrayList<>();
    mojo.setLog(
        new org.apache.maven.plugin.logging.SystemStreamLog() {
          @Override
          public void info(CharSequence content) {
            logged.add(content.toString());
          }
        });
    mojo.execute(); // neither the missing sources nor the bad target are looked at
    assertEquals(List.of("Modelplane: skipped (modelplane.skip is true)"), logged);
  }

  @Test
  void duration_cliForms() throws Exception {
    assertEquals(Duration.ofSeconds(90), DriftOptions.duration("90s"));
    assertEquals(Duration.ofMinutes(5), DriftOptions.duration("5m"));
    assertEquals(Duration.ofHours(1), DriftOptions.duration("1h"));
    assertEquals(Duration.ofMinutes(5), DriftOptions.duration("PT5M"));
  }

  @Test
  void duration_invalid_failsWithExamples() {
    for (String bad : List.of("5 minutes", "0s", "-PT1M", "", "m")) {
      MojoFailureException e =
          assertThrows(MojoFailureException.class, () -> DriftOptions.duration(bad));
      assertEquals(
          "Set <timeout> (-Dmodelplane.timeout) to a duration such as 90s, 5m, 1h or PT5M, not '"
              + bad
              + "'",
          e.getMessage());
    }
  }

  private CheckMojo mojo(List<String> targets) {
    CheckMojo mojo = new CheckMojo();
    mojo.basedir = project.toFile();
    mojo.sources = new File("src/main/modelplane");
    mojo.outputDirectory = project.resolve("infra").toFile();
    mojo.targets = targets;
    return mojo;
  }
}
