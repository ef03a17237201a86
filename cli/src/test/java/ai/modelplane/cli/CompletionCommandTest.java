package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.modelplane.cli.ValidateCommandTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code modelplane completion}: a bash/zsh script that knows every subcommand and its options. */
class CompletionCommandTest {
  @Test
  void scriptCompletesEverySubcommandAndItsOptions() {
    Run run = ValidateCommandTest.run("completion");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", run.err());
    String script = run.out();
    assertTrue(script.contains("complete -F _complete_modelplane"), script);
    for (String subcommand : ModelplaneCommand.SUBCOMMANDS.keySet()) {
      assertTrue(script.contains("function _picocli_modelplane_" + subcommand + "()"), subcommand);
    }
    assertTrue(script.contains("--target"), "generate's options");
    assertTrue(script.contains("--resource-graph"), "drift's options");
  }

  /** bash itself reads the script, and completing "modelplane gen" offers generate. */
  @Test
  void bashCompletesASubcommand(@TempDir Path dir) throws IOException, InterruptedException {
    Path bash = Path.of("/bin/bash");
    Assumptions.assumeTrue(Files.isExecutable(bash), "needs bash");
    Path script =
        Files.writeString(
            dir.resolve("modelplane-completion.bash"), ValidateCommandTest.run("completion").out());
    String probe =
        "source \"$1\"; COMP_WORDS=(modelplane gen); COMP_CWORD=1; COMP_LINE='modelplane gen'; COMP_POINT=14;"
            + " _complete_modelplane; printf '%s\\n' \"${COMPREPLY[@]}\"";
    Process process =
        new ProcessBuilder(bash.toString(), "-c", probe, "probe", script.toString())
            .redirectErrorStream(true)
            .start();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS));
    String out = new String(process.getInputStream().readAllBytes());
    assertEquals(0, process.exitValue(), out);
    assertEquals("generate\n", out);
  }
}
