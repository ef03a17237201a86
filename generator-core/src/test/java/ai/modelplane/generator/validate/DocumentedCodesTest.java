package ai.modelplane.generator.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.diagnostic.DiagnosticCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/validation.md's code table lists exactly the codes the validator can emit, with the same
 * summaries.
 */
class DocumentedCodesTest {
  @Test
  void codeTableMatchesTheCodes() throws IOException {
    List<String> documented =
        Files.readAllLines(Path.of("../docs/validation.md")).stream()
            .filter(line -> line.matches("\\| MP\\d{3} \\|.*"))
            .map(
                line -> {
                  String[] cells = line.split("\\|");
                  return cells[1].strip() + ": " + cells[3].strip();
                })
            .toList();
    List<String> codes =
        Arrays.stream(DiagnosticCode.values())
            .map(code -> code.name() + ": " + code.summary())
            .toList();
    assertEquals(codes, documented);
  }
}
