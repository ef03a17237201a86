package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.GenerationRequest;
import ai.modelplane.generator.Modelplane;
import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.render.Target;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code modelplane:check} on the README's Terraform-only layout: {@code src/main/modelplane/} and
 * Terraform generated into {@code infra/}, with no {@code <targets>} configured.
 */
class CheckMojoTest {
  @TempDir Path project;
  final List<String> logged = new ArrayList<>();

  @BeforeEach
  void sources() throws IOException {
    Files.createDirectories(project.resolve("src/main/modelplane"));
    Files.copy(
        Path.of("../examples/minimal.yaml"), project.resolve("src/main/modelplane/minimal.yaml"));
  }

  private void generateTerraform() throws IOException {
    new Modelplane()
        .generate(
            GenerationRequest.of(
                List.of("src/main/modelplane"),
                project,
                Path.of("infra"),
                Set.of(Target.TERRAFORM)),
            ProgressListener.SILENT);
  }

  private CheckMojo mojo() {
    CheckMojo mojo = new CheckMojo();
    mojo.basedir = project.toFile();
    mojo.sources = new File("src/main/modelplane");
    mojo.outputDirectory = new File("infra");
    mojo.setLog(
        new SystemStreamLog() {
          @Override
          public void info(CharSequence content) {
            logged.add(content.toString());
          }
        });
    return mojo;
  }

  @Test
  void withoutTargets_checksWhatTheManifestRecords() throws Exception {
    generateTerraform();

    mojo().execute();

    assertEquals(
        "Modelplane: checking terraform, as recorded in infra/.modelplane/manifest", logged.get(0));
    assertTrue(
        logged.get(logged.size() - 1).startsWith("Modelplane: infra matches src/main/modelplane ("),
        logged.toString());
  }

  @Test
  void withoutTargets_aHandEditFailsListingOnlyTerraformFilesAndHowToForce() throws Exception {
    generateTerraform();
    Path main;
    try (Stream<Path> files = Files.walk(project.resolve("infra"))) {
      main =
          files
              .filter(file -> file.endsWith(Path.of("terraform", "main.tf")))
              .findFirst()
              .orElseThrow();
    }
    Files.writeString(main, Files.readString(main) + "# hand edit\n");

    MojoFailureException e = assertThrows(MojoFailureException.class, mojo()::execute);

    String shown = "infra/" + project.resolve("infra").relativize(main).toString();
    assertEquals(
        "Move the hand edits into the AKSCluster YAML, or overwrite them with "
            + "`mvn modelplane:generate -Dmodelplane.force=true`, and commit the result: "
            + "1 generated file under infra is out of date with src/main/modelplane (1 edited by hand)\n"
            + "  "
            + shown
            + " (edited by hand)",
        e.getMessage());
    assertFalse(String.join("\n", logged).contains("bicep"), logged.toString());
  }

  @Test
  void withoutTargets_aFolderWithoutManifestFailsNamingTheParameter() {
    MojoFailureException e = assertThrows(MojoFailureException.class, mojo()::execute);

    assertEquals(
        "Set <targets> (-Dmodelplane.targets) to terraform, bicep or all, or run modelplane:generate"
            + " first: infra has no .modelplane/manifest saying which targets were generated there",
        e.getMessage());
  }

  @Test
  void namedTargets_areCheckedAsBefore() throws Exception {
    generateTerraform();
    CheckMojo mojo = mojo();
    mojo.targets = List.of("all");

    MojoFailureException e = assertThrows(MojoFailureException.class, mojo::execute);

    assertTrue(e.getMessage().startsWith("Run `mvn modelplane:generate`"), e.getMessage());
    assertTrue(e.getMessage().contains("/bicep/"), e.getMessage());
    assertFalse(String.join("\n", logged).contains("as recorded"), logged.toString());
  }
}
