package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code modelplane validate - <&-}: standard input closed before the JVM starts. The JVM then
 * opens its runtime image on descriptor 0; closing "stdin" after reading closed the image and the
 * next class load crashed the JVM (SIGSEGV, exit 139, no message). The check reads only the stream
 * (no {@code /proc}), so this runs wherever a POSIX shell is. Run in a child JVM, since a test
 * cannot close its own descriptor 0.
 */
class ClosedStandardInputTest {
  @Test
  void closedStandardInputIsAOneLineErrorAndExitOne() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(
                List.of(
                    "/bin/sh",
                    "-c",
                    "exec \"$0\" -cp \"$1\" ai.modelplane.cli.ModelplaneCommand validate \"$2\" - <&-",
                    java,
                    System.getProperty("java.class.path"),
                    Fixtures.AS_OF_OPTION))
            .redirectErrorStream(true)
            .start();
    process.getOutputStream().close();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "did not finish");
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertEquals(1, process.exitValue(), output);
    assertEquals(
        List.of(
            "<stdin>:1:1: error: cannot read: standard input is closed; pipe the YAML in (… |"
                + " modelplane validate -) or name a file",
            "1 error(s), 0 warning(s)"),
        output.lines().toList());
  }
}
