package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import org.junit.jupiter.api.Test;

/** I/O failures say what failed in words, never with a Java class name. */
class IoMessagesTest {
  @Test
  void anExceptionWithoutAMessageSaysSoInsteadOfNamingItsClass() {
    assertEquals(
        "input/output error (the operating system gave no reason)",
        IoMessages.describe(new IOException()));
    assertEquals(
        "out/x: input/output error (the operating system gave no reason)",
        IoMessages.describe(new FileSystemException("out/x")));
  }

  @Test
  void aFileSystemErrorNamesThePathAndWhy() {
    assertEquals(
        "out/x: permission denied", IoMessages.describe(new AccessDeniedException("out/x")));
  }
}
