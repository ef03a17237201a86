package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.cli.ValidateCommandTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code modelplane init}: a starter file that passes validate, and never one written over another.
 */
class InitCommandTest {
  @TempDir Path dir;

  @Test
  void writesACommentedClusterThatValidatesWithoutWarnings() throws IOException {
    Path file = dir.resolve("clusters/inference-eastus.yaml");
    Run init =
        ValidateCommandTest.run(
            "init",
            "--name",
            "inference-eastus",
            "--namespace",
            "platform",
            "--location",
            "eastus",
            file.toString());
    Path schema = dir.resolve("clusters/akscluster.schema.json");
    assertEquals(
        new Run(
            0,
            "",
            "wrote "
                + file
                + " and "
                + schema
                + " (the editor schema its first line names): check it with modelplane validate "
                + file
                + "\n"),
        init);
    String yaml = Files.readString(file);
    assertTrue(yaml.startsWith("# yaml-language-server: $schema=akscluster.schema.json\n"), yaml);
    // The modeline names a file that exists: the editor schema, as modelplane schema --json prints.
    assertEquals(ValidateCommandTest.run("schema", "--json").out(), Files.readString(schema));
    // The version comment is true: it names the version set and the CRD's default.
    String comments = yaml.replace("\n  # ", " ");
    assertTrue(
        comments.matches(
            "(?s).* This file sets ([0-9.]+), the newest minor in AKS standard support when it was"
                + " written; without the field, the default 1\\.35 applies\\.\n"
                + "  kubernetesVersion: \"\\1\".*"),
        comments);

    // A second file beside it keeps the schema there.
    Path second = dir.resolve("clusters/second.yaml");
    String before = Files.readString(schema) + "";
    Files.writeString(schema, "{}\n");
    assertEquals(
        new Run(0, "", "wrote " + second + ": check it with modelplane validate " + second + "\n"),
        ValidateCommandTest.run("init", second.toString()));
    assertEquals("{}\n", Files.readString(schema));
    assertFalse(before.isEmpty());
    assertTrue(
        yaml.contains("\n  name: \"inference-eastus\"\n  # Also part of the resource group's name"),
        yaml);
    assertTrue(yaml.contains("  namespace: \"platform\"\n"), yaml);
    assertTrue(
        yaml.contains(
            "  # Azure region of the cluster and all its resources, such as westeurope or eastus2.\n  location: \"eastus\"\n"),
        yaml);
    assertTrue(yaml.contains("      role: GPU\n"), yaml);
    // Validated as the user would, on the same day: strict, so a warning (an unsupported version,
    // an unknown size) fails too.
    // The advice on the output's own pins is about no line of the file and is not counted.
    Run validate = ValidateCommandTest.run("validate", "--strict", file.toString());
    assertEquals(
        new Run(
            0,
            "1 AKSCluster(s) valid in 1 file(s)" + ValidateCommandTest.PIN_SUMMARY + "\n",
            ValidateCommandTest.PIN_ADVICE),
        validate);
  }

  @Test
  void withoutAGpuPoolOnlyTheSystemPool(@TempDir Path other) throws IOException {
    Path file = other.resolve("small.yaml");
    assertEquals(
        0,
        ValidateCommandTest.run(
                "init", "--no-gpu", "--schema", "../schema/akscluster.schema.json", file.toString())
            .exitCode());
    String yaml = Files.readString(file);
    assertTrue(
        yaml.startsWith("# yaml-language-server: $schema=../schema/akscluster.schema.json\n"),
        yaml);
    assertFalse(yaml.contains("GPU\n"), yaml);
    assertEquals(0, ValidateCommandTest.run("validate", "--strict", file.toString()).exitCode());
  }

  @Test
  void neverOverwritesAFile() throws IOException {
    Path file = Files.writeString(dir.resolve("mine.yaml"), "my notes\n");
    Run run = ValidateCommandTest.run("init", file.toString());
    assertEquals(
        new Run(1, "", "modelplane: " + file + " exists; init never overwrites a file\n"), run);
    assertEquals("my notes\n", Files.readString(file));
  }

  @Test
  void neverWritesThroughALink() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("link.yaml"), dir.resolve("elsewhere.yaml"));
    assertEquals(1, ValidateCommandTest.run("init", link.toString()).exitCode());
    assertFalse(Files.exists(dir.resolve("elsewhere.yaml")));
  }

  @Test
  void optionsValidateWouldRefuseWriteNothing() {
    Path file = dir.resolve("bad.yaml");
    Run run = ValidateCommandTest.run("init", "--name", "Inference_1", file.toString());
    assertEquals(1, run.exitCode());
    assertTrue(run.err().startsWith(file + ":9:9: error: metadata.name: "), run.err());
    assertTrue(
        run.err()
            .endsWith(
                "modelplane: nothing written: the options above give an invalid AKSCluster\n"),
        run.err());
    assertFalse(Files.exists(file));
  }

  @Test
  void aValueCannotAddYaml() {
    Path file = dir.resolve("hostile.yaml");
    Run run =
        ValidateCommandTest.run(
            "init", "--location", "westeurope\"\n  kubernetesVersion: \"1.20", file.toString());
    assertEquals(1, run.exitCode(), run.err());
    assertTrue(run.err().contains("spec.location"), run.err());
    assertFalse(Files.exists(file));
  }

  @Test
  void dashPrintsTheFile() {
    Run run = ValidateCommandTest.run("init", "--name", "demo", "-");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("\n  name: \"demo\"\n"), run.out());
    assertEquals("", run.err());
  }
}
