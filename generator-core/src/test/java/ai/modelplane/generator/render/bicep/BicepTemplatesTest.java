package ai.modelplane.generator.render.bicep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.modelplane.generator.fixtures.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The Bicep templates stay locked down: escaped by default, no escape hatches, no dynamic code. */
class BicepTemplatesTest {
  private static final Path TEMPLATES = Fixtures.REPOSITORY.resolve("templates/bicep");
  private static final List<String> BANNED =
      List.of("?no_esc", "?eval", "?interpret", "?new", "?api", "<#include");

  @Test
  void everyBicepTemplateUsesTheBicepFormatAndNoBannedBuiltIn() throws IOException {
    List<String> problems = new ArrayList<>();
    try (Stream<Path> files = Files.walk(TEMPLATES)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".ftl")).sorted().toList()) {
        String text = Files.readString(file);
        String name = TEMPLATES.relativize(file).toString();
        if (!name.endsWith(".sh.ftl") && !text.startsWith("<#ftl output_format=\"Bicep\"")) {
          problems.add(name + ": does not select the Bicep output format");
        }
        for (String banned : BANNED) {
          if (text.contains(banned)) {
            problems.add(name + ": uses " + banned);
          }
        }
      }
    }
    assertEquals(List.of(), problems);
  }
}
