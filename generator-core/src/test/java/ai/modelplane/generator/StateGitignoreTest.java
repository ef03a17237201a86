package ai.modelplane.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.generator.diagnostic.ProgressListener;
import ai.modelplane.generator.output.OutputTree;
import ai.modelplane.generator.render.GeneratedFile;
import ai.modelplane.generator.render.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Terraform writes its state beside the roots, and the state holds the cluster's admin credentials:
 * the output folder's generated {@code .gitignore} keeps it out of Git, and a {@code .gitignore}
 * the user put there is never touched, only warned about.
 */
class StateGitignoreTest {
  @TempDir Path dir;
  final List<String> notices = new ArrayList<>();

  GenerationRequest request() throws IOException {
    Files.createDirectories(dir.resolve("clusters"));
    Files.copy(Path.of("../examples/minimal.yaml"), dir.resolve("clusters/minimal.yaml"));
    return GenerationRequest.of(List.of("clusters"), dir, Path.of("out"), Set.of(Target.TERRAFORM));
  }

  @Test
  void theTerraformOutputKeepsStateAndPlansOutOfGit() throws IOException {
    GenerationResult result = Generator.generate(request(), ProgressListener.SILENT);

    assertTrue(result.written().contains(".gitignore"), result.written().toString());
    List<String> lines = Files.readAllLines(dir.resolve("out/.gitignore"));
    for (String pattern :
        List.of("*.tfstate", "*.tfstate.*", ".terraform/", "*.tfplan", "tfplan", "kubeconfig")) {
      assertTrue(lines.contains(pattern), pattern + " in " + lines);
    }
    assertTrue(
        new OutputTree(dir.resolve("out")).recordedFiles().orElseThrow().contains(".gitignore"));
  }

  @Test
  void aUsersGitignoreIsLeftAsItIsWithAWarning() throws IOException {
    GenerationRequest request = request();
    Files.createDirectories(dir.resolve("out"));
    Files.writeString(dir.resolve("out/.gitignore"), "secrets/\n");

    GenerationResult result =
        new Generator(ai.modelplane.generator.emit.Renderers::forTarget)
            .run(request, new CollectingListener());

    assertEquals("secrets/\n", Files.readString(dir.resolve("out/.gitignore")));
    assertTrue(!result.written().contains(".gitignore"), result.written().toString());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(
        notices.get(0).startsWith("warning: out/.gitignore is not one modelplane generated"),
        notices.get(0));
  }

  @Test
  void theGeneratorsOwnGitignoreIsKept() throws IOException {
    List<GeneratedFile> files = List.of(new GeneratedFile(".gitignore", "*.tfstate\n"));
    Files.createDirectories(dir.resolve("out"));
    Files.writeString(dir.resolve("out/.gitignore"), "*.tfstate\n");

    assertEquals(
        files,
        Generator.besideUsersGitignore(
            files,
            GenerationRequest.of(List.of(), dir, Path.of("out"), Set.of(Target.TERRAFORM)),
            new OutputTree(dir.resolve("out")),
            new CollectingListener()));
    assertEquals(List.of(), notices);
  }

  final class CollectingListener implements ProgressListener {
    @Override
    public void info(String message) {}

    @Override
    public void notice(String message) {
      notices.add(message);
    }
  }
}
