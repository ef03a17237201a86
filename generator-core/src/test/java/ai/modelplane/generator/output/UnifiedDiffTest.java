package ai.modelplane.generator.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UnifiedDiffTest {
  static Optional<byte[]> text(String text) {
    return Optional.of(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void equalFilesHaveNoDiff() {
    assertEquals("", UnifiedDiff.of("f", text("a\nb\n"), text("a\nb\n")));
  }

  @Test
  void changesShowWithThreeLinesOfContext() {
    assertEquals(
        """
        --- a/x/f.tf
        +++ b/x/f.tf
        @@ -2,7 +2,7 @@
         2
         3
         4
        -5
        +five
         6
         7
         8
        """,
        UnifiedDiff.of(
            "x/f.tf", text("1\n2\n3\n4\n5\n6\n7\n8\n9\n"), text("1\n2\n3\n4\nfive\n6\n7\n8\n9\n")));
  }

  @Test
  void aMissingFinalNewlineIsADifferenceAndCarriesGnusMarker() {
    assertEquals(
        """
        --- a/f
        +++ b/f
        @@ -1,2 +1,2 @@
         a
        -b
        \\ No newline at end of file
        +b
        """,
        UnifiedDiff.of("f", text("a\nb"), text("a\nb\n")));
  }

  @Test
  void anEmptyFileAppearingHasOnlyAHeader() {
    assertEquals("--- /dev/null\n+++ b/f\n", UnifiedDiff.of("f", Optional.empty(), text("")));
  }
}
