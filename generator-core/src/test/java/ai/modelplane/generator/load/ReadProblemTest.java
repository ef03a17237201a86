package ai.modelplane.generator.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

/** Why an input could not be read, in words (MP001), never a bare path or a class name. */
class ReadProblemTest {
  @Test
  void fileSystemErrorsSayWhatFailed() {
    assertEquals(
        "permission denied", YamlProblems.readProblem(new AccessDeniedException("a.yaml")));
    assertEquals("no such file or folder", YamlProblems.readProblem(new NoSuchFileException("a")));
    assertEquals(
        "the operating system gave no reason", YamlProblems.readProblem(new IOException()));
  }
}
