package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code modelplane --version}: the version and the commit the build recorded (StandaloneJarIT runs
 * it from the jar).
 */
class VersionTest {
  @Test
  void printsTheVersionAndTheCommitThisCheckoutIsAt() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        ModelplaneCommand.run(
            new String[] {"--version"}, new PrintWriter(out, true), new PrintWriter(err, true));
    assertEquals(0, exit);
    assertEquals("", err.toString());
    List<String> lines = out.toString().lines().toList();
    assertEquals(2, lines.size(), out.toString());
    assertTrue(
        lines.get(0).matches("modelplane \\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?"), lines.get(0));
    String head = gitHead();
    if (head == null) {
      assertEquals("unknown commit", lines.get(1));
    } else {
      assertTrue(
          lines.get(1).equals("commit " + head)
              || lines.get(1).equals("commit " + head + " with uncommitted changes"),
          lines.get(1) + " should name " + head);
    }
  }

  @Test
  void aBuildOutsideGitNamesNoCommit() {
    Properties built = new Properties();
    built.setProperty("version", "1.2.3");
    built.setProperty("commit", "unknown");
    assertArrayEquals(
        new String[] {"modelplane 1.2.3", "unknown commit"},
        ModelplaneCommand.Version.lines(built));
    // Resources copied without filtering (an IDE build) carry the placeholder itself.
    built.setProperty("commit", "${modelplane.commit}");
    assertEquals("unknown commit", ModelplaneCommand.Version.lines(built)[1]);
  }

  @Test
  void saysWhenTheCheckoutHadUncommittedChanges() {
    Properties built = new Properties();
    built.setProperty("version", "1.2.3");
    built.setProperty("commit", "0123456789abcdef0123456789abcdef01234567");
    built.setProperty("modified", "true");
    assertEquals(
        "commit 0123456789abcdef0123456789abcdef01234567 with uncommitted changes",
        ModelplaneCommand.Version.lines(built)[1]);
    built.setProperty("modified", "false");
    assertEquals(
        "commit 0123456789abcdef0123456789abcdef01234567",
        ModelplaneCommand.Version.lines(built)[1]);
  }

  /**
   * The commit the working folder is at, or null when git or a checkout is missing (as the build
   * sees it).
   */
  private static String gitHead() throws InterruptedException {
    try {
      Process git =
          new ProcessBuilder("git", "rev-parse", "--verify", "HEAD")
              .redirectErrorStream(false)
              .start();
      String output =
          new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!git.waitFor(30, TimeUnit.SECONDS) || git.exitValue() != 0) {
        return null;
      }
      return output;
    } catch (IOException noGit) {
      return null;
    }
  }
}
