package ai.modelplane.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FingerprintTest {
  static final List<String> CONFIG = List.of("sources=src/main/modelplane", "targets=terraform");

  @TempDir Path project;

  @Test
  void fingerprint_sameInputs_sameHash() throws Exception {
    write("src/main/modelplane/a.yaml", "kind: AKSCluster\n");
    assertEquals(fingerprint("1.0", CONFIG), fingerprint("1.0", CONFIG));
    assertEquals(64, fingerprint("1.0", CONFIG).length());
  }

  @Test
  void fingerprint_sourceByteChanged_differs() throws Exception {
    write("src/main/modelplane/a.yaml", "maxNodeCount: 8\n");
    String before = fingerprint("1.0", CONFIG);
    write("src/main/modelplane/a.yaml", "maxNodeCount: 9\n");
    assertNotEquals(before, fingerprint("1.0", CONFIG));
  }

  @Test
  void fingerprint_sourceRenamedWithSameBytes_differs() throws Exception {
    write("src/main/modelplane/a.yaml", "x\n");
    String before = fingerprint("1.0", CONFIG);
    Files.move(
        project.resolve("src/main/modelplane/a.yaml"),
        project.resolve("src/main/modelplane/b.yaml"));
    assertNotEquals(before, fingerprint("1.0", CONFIG));
  }

  @Test
  void fingerprint_sourceAdded_differs() throws Exception {
    write("src/main/modelplane/a.yaml", "x\n");
    String before = fingerprint("1.0", CONFIG);
    write("src/main/modelplane/nested/b.yml", "y\n");
    assertNotEquals(before, fingerprint("1.0", CONFIG));
  }

  @Test
  void fingerprint_configurationOrPluginChanged_differs() throws Exception {
    write("src/main/modelplane/a.yaml", "x\n");
    String before = fingerprint("1.0", CONFIG);
    assertNotEquals(
        before, fingerprint("1.0", List.of("sources=src/main/modelplane", "targets=bicep")));
    assertNotEquals(before, fingerprint("1.1", CONFIG));
  }

  @Test
  void fingerprint_projectMoved_same() throws Exception {
    write("src/main/modelplane/a.yaml", "x\n");
    String here = fingerprint("1.0", CONFIG);
    Path moved = Files.createDirectories(project.resolve("elsewhere/copy"));
    Files.createDirectories(moved.resolve("src/main/modelplane"));
    Files.copy(
        project.resolve("src/main/modelplane/a.yaml"), moved.resolve("src/main/modelplane/a.yaml"));
    SourceFiles copy = SourceFiles.find(moved, moved.resolve("src/main/modelplane"));
    assertEquals(here, Fingerprint.of("1.0", CONFIG, copy));
  }

  @Test
  void fingerprint_nonYamlFile_ignored() throws Exception {
    write("src/main/modelplane/a.yaml", "x\n");
    String before = fingerprint("1.0", CONFIG);
    write("src/main/modelplane/README.md", "notes\n");
    assertEquals(before, fingerprint("1.0", CONFIG));
  }

  private String fingerprint(String code, List<String> config) throws Exception {
    return Fingerprint.of(
        code, config, SourceFiles.find(project, project.resolve("src/main/modelplane")));
  }

  private void write(String relative, String text) throws IOException {
    Path file = project.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
