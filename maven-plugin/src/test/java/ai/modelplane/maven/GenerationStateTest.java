package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerationStateTest {

  @TempDir Path dir;
  Path out;
  Path stateFile;

  @BeforeEach
  void writeOutputs() throws Exception {
    out = dir.resolve("infra");
    Files.createDirectories(out.resolve("ns/c/terraform"));
    Files.createDirectories(out.resolve("modules/terraform"));
    Files.writeString(out.resolve("ns/c/terraform/main.tf"), "main\n");
    Files.writeString(out.resolve("modules/terraform/main.tf"), "mod\n");
    stateFile = dir.resolve("target/modelplane/default.state");
  }

  @Test
  void write_thenRead_sameStateAndExactFile() throws Exception {
    GenerationState state =
        GenerationState.capture(
            "f00d", out, List.of("ns/c/terraform/main.tf", "modules/terraform/main.tf"));
    state.write(stateFile);
    assertEquals(
        List.of(
            "modelplane-generation-state 1",
            "fingerprint f00d",
            "output " + Sha256.of("mod\n") + " modules/terraform/main.tf",
            "output " + Sha256.of("main\n") + " ns/c/terraform/main.tf"),
        Files.readAllLines(stateFile));
    assertEquals(Optional.of(state), GenerationState.read(stateFile));
    assertFalse(Files.exists(stateFile.resolveSibling("default.state.tmp")));
  }

  @Test
  void sha256_knownValue() {
    assertEquals(
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256.of(new byte[0]));
  }

  @Test
  void outputsIntact_untouched_true() throws Exception {
    assertTrue(
        GenerationState.capture("f", out, List.of("ns/c/terraform/main.tf")).outputsIntact(out));
  }

  @Test
  void outputsIntact_fileEdited_false() throws Exception {
    GenerationState state = GenerationState.capture("f", out, List.of("ns/c/terraform/main.tf"));
    Files.writeString(out.resolve("ns/c/terraform/main.tf"), "main edited by hand\n");
    assertFalse(state.outputsIntact(out));
  }

  @Test
  void outputsIntact_fileDeleted_false() throws Exception {
    GenerationState state = GenerationState.capture("f", out, List.of("ns/c/terraform/main.tf"));
    Files.delete(out.resolve("ns/c/terraform/main.tf"));
    assertFalse(state.outputsIntact(out));
  }

  @Test
  void read_missingFile_empty() throws Exception {
    assertEquals(Optional.empty(), GenerationState.read(stateFile));
  }

  @Test
  void read_foreignOrDamagedFile_empty() throws Exception {
    Files.createDirectories(stateFile.getParent());
    Files.writeString(stateFile, "modelplane-generation-state 1\nfingerprint f\nsomething else\n");
    assertEquals(Optional.empty(), GenerationState.read(stateFile));
    Files.writeString(stateFile, "version 2\n");
    assertEquals(Optional.empty(), GenerationState.read(stateFile));
  }

  @Test
  void read_pathWithSpaces_kept() throws Exception {
    Files.writeString(out.resolve("with space.tf"), "x\n");
    GenerationState state = GenerationState.capture("f", out, List.of("with space.tf"));
    state.write(stateFile);
    assertEquals(
        Map.of("with space.tf", Sha256.of("x\n")),
        GenerationState.read(stateFile).orElseThrow().outputs());
  }
}
