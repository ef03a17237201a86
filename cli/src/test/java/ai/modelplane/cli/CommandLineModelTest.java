package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.approvaltests.Approvals;
import org.junit.jupiter.api.Test;

/**
 * The command line as users meet it: every command's help and picocli's answers to usage mistakes,
 * approved. The models are built in code ({@link CommandSpecs}); this text was first approved from
 * the annotation-built models they replaced, unchanged byte for byte.
 */
class CommandLineModelTest {
  private static final List<List<String>> COMMAND_LINES =
      List.of(
          List.of(),
          List.of("--help"),
          List.of("validate", "--help"),
          List.of("generate", "--help"),
          List.of("schema", "--help"),
          List.of("diff", "--help"),
          List.of("explain", "--help"),
          List.of("drift", "--help"),
          List.of("import", "--help"),
          List.of("init", "--help"),
          List.of("completion", "--help"),
          List.of("genrate"),
          List.of("--bogus"),
          List.of("validate"),
          List.of("validate", "--bogus", "x.yaml"),
          List.of("validate", "--output", "xml", "x.yaml"),
          List.of("validate", "--as-of", "someday", "x.yaml"),
          List.of("generate"),
          List.of("generate", "--target"),
          List.of("generate", "--target", "all", "x.yaml"),
          List.of("generate", "--out", "out", "x.yaml"),
          List.of("generate", "--target", "all", "--target", "bicep", "--out", "out", "x.yaml"),
          List.of("diff", "--base"),
          List.of("diff", "--output", "xml", "a.yaml", "b.yaml"),
          List.of("explain", "a", "b"),
          List.of("drift"),
          List.of("drift", "--parallelism", "many", "x.yaml"),
          List.of("drift", "--arm-endpoint", "::bad", "x.yaml"),
          List.of("schema", "--json", "--bogus"));

  @Test
  void helpAndUsageMistakes() {
    StringBuilder transcript = new StringBuilder();
    for (List<String> commandLine : COMMAND_LINES) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit =
          ModelplaneCommand.run(
              commandLine.toArray(String[]::new),
              new PrintWriter(out, true),
              new PrintWriter(err, true));
      transcript
          .append("$ modelplane ")
          .append(String.join(" ", commandLine))
          .append("\nexit ")
          .append(exit)
          .append('\n');
      transcript.append("--- stdout\n").append(out).append("--- stderr\n").append(err).append('\n');
    }
    Approvals.verify(transcript.toString());
  }

  @Test
  void subcommandsAreRegisteredUnderTheirOwnNames() throws Exception {
    for (Map.Entry<String, Class<? extends ModelplaneCommand.Subcommand>> entry :
        ModelplaneCommand.SUBCOMMANDS.entrySet()) {
      ModelplaneCommand.Subcommand command =
          entry.getValue().getDeclaredConstructor().newInstance();
      assertEquals(entry.getKey(), command.spec().name());
    }
  }
}
