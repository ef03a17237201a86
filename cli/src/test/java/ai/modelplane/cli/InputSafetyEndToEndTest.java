package ai.modelplane.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.modelplane.generator.fixtures.Fixtures;
import ai.modelplane.generator.text.UnsafeText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a hostile input tree does to the user's terminal, CI log and generated code, end to end:
 * forged lines, invisible characters, FIFOs, symbolic links, the output folder as input.
 */
class InputSafetyEndToEndTest {
  private static final String AS_OF = Fixtures.AS_OF_OPTION;
  private static final String CLUSTER =
      """
      apiVersion: infrastructure.modelplane.ai/v1alpha1
      kind: AKSCluster
      metadata:
        name: NAME
      spec:
        location: LOCATION
        nodePools:
          - name: system
            role: System
            vmSize: Standard_D4s_v5
          - name: gpu
            role: GPU
            vmSize: VMSIZE
            gpu:
              acceleratorType: nvidia-a100
      """;

  @TempDir Path dir;

  record Run(int exitCode, String out, String err) {
    String all() {
      return out + err;
    }
  }

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = ModelplaneCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  static String cluster(String name, String location, String vmSize) {
    return CLUSTER.replace("NAME", name).replace("LOCATION", location).replace("VMSIZE", vmSize);
  }

  private Path write(String relative, String content) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return file;
  }

  /**
   * No character of the output is a control (other than the line feeds between lines) or a bidi
   * control.
   */
  private static void assertNoRawUnsafeCharacter(String text) {
    int at = UnsafeText.indexOfUnsafe(text.replace('\n', ' '));
    assertEquals(-1, at, () -> "raw " + UnsafeText.describe(text.charAt(at)) + " in: " + text);
  }

  @Test
  void aVmSizeCannotForgeACiAnnotationLine() throws IOException {
    Path file =
        write(
            "forged.yaml",
            cluster(
                "forged", "westeurope", "\"Std\\n::error file=main.tf,line=1::forged\\e[31m\""));

    Run run = run("validate", AS_OF, file.toString());

    assertEquals(1, run.exitCode(), run.all());
    assertNoRawUnsafeCharacter(run.all());
    assertFalse(run.all().lines().anyMatch(line -> line.startsWith("::error")), run.all());
    assertTrue(
        run.err()
            .contains(
                ": error: spec.nodePools[1].vmSize: Invalid value: \"Std\\n::error file=main.tf,line=1::forged\\u001B[31m\": holds"
                    + " U+000A (LINE FEED (LF)) at character 4, a control, bidi or invisible character"),
        run.err());
  }

  @Test
  void controlAndBidiCharactersInLocationAndVmSizeAreRefused() throws IOException {
    Path rlo =
        write("rlo.yaml", cluster("rlo", "\"west\\u202Eeurope\"", "Standard_NC24ads_A100_v4"));
    Path nul = write("nul.yaml", cluster("nul", "westeurope", "\"Standard_NC24ads_A100_v4\\0\""));
    Path esc = write("esc.yaml", cluster("esc", "\"westeurope\\e\"", "Standard_NC24ads_A100_v4"));
    Path del = write("del.yaml", cluster("del", "westeurope", "\"Standard_NC24ads_A100_v4\\x7F\""));

    Run run =
        run("validate", AS_OF, rlo.toString(), nul.toString(), esc.toString(), del.toString());

    assertEquals(1, run.exitCode(), run.all());
    assertNoRawUnsafeCharacter(run.all());
    assertEquals(
        List.of(
            del
                + ":13:15: error: spec.nodePools[1].vmSize: Invalid value: \"Standard_NC24ads_A100_v4\\u007F\": holds U+007F (DELETE) at character 25",
            esc
                + ":6:13: error: spec.location: Invalid value: \"westeurope\\u001B\": holds U+001B (ESCAPE) at character 11",
            nul
                + ":13:15: error: spec.nodePools[1].vmSize: Invalid value: \"Standard_NC24ads_A100_v4\\u0000\": holds U+0000 (NULL) at character 25",
            rlo
                + ":6:13: error: spec.location: Invalid value: \"west\\u202Eeurope\": holds U+202E (RIGHT-TO-LEFT OVERRIDE) at character 5",
            "4 error(s), 0 warning(s)"),
        run.err()
            .lines()
            .map(line -> line.replaceAll(", a control, bidi or invisible character .*", ""))
            .toList());
  }

  @Test
  void invisibleCharactersAreRefusedAndNeverReachGeneratedCode() throws IOException {
    // Zero-width space, BOM, word joiner, soft hyphen, Mongolian vowel separator, zero-width
    // joiner, and the tag characters that spell "DE" invisibly.
    List<String> payloads =
        List.of(
            "\\u200B",
            "\\uFEFF",
            "\\u2060",
            "\\u00AD",
            "\\u180E",
            "\\u200D",
            "\\U000E0044\\U000E0045");
    List<String> expected =
        List.of(
            "U+200B (ZERO WIDTH SPACE) at character 5",
            "U+FEFF (ZERO WIDTH NO-BREAK SPACE) at character 5",
            "U+2060 (WORD JOINER) at character 5",
            "U+00AD (SOFT HYPHEN) at character 5",
            "U+180E (MONGOLIAN VOWEL SEPARATOR) at character 5",
            "U+200D (ZERO WIDTH JOINER) at character 5",
            "U+E0044 (TAG LATIN CAPITAL LETTER D) at character 5");
    for (int i = 0; i < payloads.size(); i++) {
      String payload = payloads.get(i);
      Path file =
          write(
              "invisible" + i + "/c.yaml",
              cluster("inv" + i, "\"west" + payload + "europe\"", "Standard_NC24ads_A100_v4"));
      Path out = dir.resolve("out" + i);

      Run run = run("generate", "--target", "all", "--out", out.toString(), file.toString());

      assertEquals(1, run.exitCode(), payload + ": " + run.all());
      assertNoRawUnsafeCharacter(run.all());
      assertTrue(
          run.err().contains(file + ":6:13: error: spec.location: Invalid value: \"west"),
          run.err());
      assertTrue(run.err().contains("holds " + expected.get(i)), run.err());
      assertTrue(
          !Files.exists(out) || generatedFiles(out).isEmpty(), payload + " wrote files in " + out);
    }
  }

  @Test
  void aLoneSurrogateIsAnErrorNotAQuestionMark() throws IOException {
    Path file =
        write(
            "surrogate.yaml", cluster("surrogate", "\"west\\ud800x\"", "Standard_NC24ads_A100_v4"));

    Run run = run("validate", AS_OF, file.toString());

    assertEquals(1, run.exitCode(), run.all());
    assertTrue(
        run.err()
            .startsWith(
                file
                    + ":6:13: error: spec.location: invalid Unicode escape: \\uD800 is half of a UTF-16 surrogate pair"),
        run.err());
    assertFalse(run.all().contains("?"), run.all());
  }

  @Test
  void generatedCodeHoldsNoRawBidiCharacterEvenFromAFileName() throws IOException {
    // Every value is validated, but the source path reaches each generated header.
    Path clusters = dir.resolve("clusters");
    write(
        "clusters/west\u202Eeurope.yaml",
        cluster("alpha", "westeurope", "Standard_NC24ads_A100_v4"));
    Path out = dir.resolve("out");

    Run run = run("generate", "--target", "all", "--out", out.toString(), clusters.toString());

    assertEquals(0, run.exitCode(), run.all());
    assertNoRawUnsafeCharacter(run.all());
    List<Path> code =
        generatedFiles(out).stream()
            .filter(p -> p.toString().endsWith(".tf") || p.toString().endsWith(".bicep"))
            .toList();
    assertFalse(code.isEmpty());
    for (Path file : code) {
      String content = Files.readString(file);
      assertFalse(content.contains("\u202E"), file + " holds a raw U+202E");
    }
    assertTrue(
        Files.readString(out.resolve("default/alpha/terraform/main.tf"))
            .contains("west\\u202Eeurope.yaml"));
    assertTrue(
        Files.readString(out.resolve("default/alpha/bicep/main.bicep"))
            .contains("west\\u{202E}europe.yaml"));
  }

  @Test
  void aFifoAsInputIsAnErrorAndNeverBlocks() throws Exception {
    Path fifo = dir.resolve("pipe.yaml");
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo on this machine: " + e.getMessage());
      return;
    }
    assertEquals(0, mkfifo.waitFor());
    Path out = dir.resolve("out");

    Run validate =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30), () -> run("validate", AS_OF, fifo.toString()));
    Run generate =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () ->
                run("generate", "--target", "terraform", "--out", out.toString(), fifo.toString()));

    String expected =
        fifo
            + ":1:1: error: cannot read: not a regular file but a named pipe (FIFO); only regular files are read"
            + " (name a YAML file, or - to read standard input)\n";
    assertEquals(new Run(1, "", expected + "1 error(s), 0 warning(s)\n"), validate);
    assertEquals(new Run(1, "", expected), generate);
    assertFalse(Files.exists(out));
  }

  @Test
  void theOutputFolderAsInputIsAnErrorOnEveryRunAndNothingChanges() throws IOException {
    Path c = dir.resolve("c");
    write("c/alpha.yaml", cluster("alpha", "westeurope", "Standard_NC24ads_A100_v4"));

    Run first = run("generate", "--target", "terraform", "--out", c.toString(), c.toString());
    Run second = run("generate", "--target", "terraform", "--out", c.toString(), c.toString());

    String expected =
        c
            + ":1:1: error: this folder is also the output folder ("
            + c
            + "), and generated files are never read as input"
            + " (name the folder that holds the AKSCluster YAML, or write the output elsewhere)\n";
    assertEquals(new Run(1, "", expected), first);
    assertEquals(new Run(1, "", expected), second);
    assertEquals(List.of(c.resolve("alpha.yaml")), generatedFiles(c));
  }

  @Test
  void anOutputFolderInsideTheInputFolderIsNotSearchedEvenBeforeItHoldsAMarker()
      throws IOException {
    Path repo = dir.resolve("repo");
    write("repo/alpha.yaml", cluster("alpha", "westeurope", "Standard_NC24ads_A100_v4"));
    // What an earlier, interrupted run or a user left there is not input.
    write("repo/generated/values.yaml", "replicas: 2\n");
    Path out = repo.resolve("generated");

    Run run = run("generate", "--target", "terraform", "--out", out.toString(), repo.toString());

    assertEquals(0, run.exitCode(), run.all());
    assertEquals("", run.err());
    assertTrue(run.out().startsWith("1 AKSCluster(s) generated into " + out), run.out());
  }

  @Test
  void symlinkedYamlIsFollowedInsideTheFolderAndReportedOutsideIt() throws IOException {
    write("clusters/store/alpha.txt", cluster("alpha", "westeurope", "Standard_NC24ads_A100_v4"));
    write("shared/beta.yaml", cluster("beta", "westeurope", "Standard_NC24ads_A100_v4"));
    Files.createSymbolicLink(dir.resolve("clusters/alpha.yaml"), Path.of("store/alpha.txt"));
    Files.createSymbolicLink(dir.resolve("clusters/beta.yaml"), dir.resolve("shared/beta.yaml"));
    Files.createSymbolicLink(dir.resolve("clusters/store/loop"), Path.of(".."));
    Path clusters = dir.resolve("clusters");
    Path out = dir.resolve("out");

    Run run =
        assertTimeoutPreemptively(
            Duration.ofSeconds(30),
            () ->
                run(
                    "generate",
                    "--target",
                    "terraform",
                    "--out",
                    out.toString(),
                    clusters.toString()));

    assertEquals(0, run.exitCode(), run.all());
    Path real = dir.toRealPath();
    assertEquals(
        List.of(
            clusters
                + "/beta.yaml:1:1: warning: symbolic link to the file "
                + real.resolve("shared/beta.yaml")
                + ", outside the searched folder "
                + clusters
                + "; not read (links are followed only inside "
                + clusters
                + "; name the target on the command line, or move it inside)",
            clusters
                + "/store/loop:1:1: warning: symbolic link to "
                + clusters
                + ", a folder that holds the link itself, so following it would"
                + " loop; not followed (remove the link)"),
        run.err().lines().toList());
    assertTrue(Files.isRegularFile(out.resolve("default/alpha/terraform/main.tf")), run.all());
    assertFalse(Files.exists(out.resolve("default/beta")));
  }

  @Test
  void validateCountsOnlyTheFilesItRead() throws IOException {
    write("clusters/alpha.yaml", cluster("alpha", "westeurope", "Standard_NC24ads_A100_v4"));
    Files.createSymbolicLink(dir.resolve("clusters/gone.yaml"), Path.of("nowhere.yaml"));

    Run run = run("validate", AS_OF, dir.resolve("clusters").toString());

    assertEquals(
        new Run(
            0,
            "1 AKSCluster(s) valid in 1 file(s), 1 warning(s)"
                + ValidateCommandTest.PIN_SUMMARY
                + "\n",
            dir.resolve("clusters")
                + "/gone.yaml:1:1: warning: broken symbolic link (its target does not exist); not read (fix or remove the link)\n"
                + ValidateCommandTest.PIN_ADVICE),
        run);
  }

  private static List<Path> generatedFiles(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> !root.relativize(p).startsWith(".modelplane"))
          .sorted()
          .toList();
    }
  }
}
