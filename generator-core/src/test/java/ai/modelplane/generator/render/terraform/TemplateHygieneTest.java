package ai.modelplane.generator.render.terraform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules every Terraform template keeps: escaping on, no escape hatches, nothing non-deterministic.
 */
class TemplateHygieneTest {
  private static final Path TEMPLATES = Path.of("..", "templates", "terraform");
  private static final Pattern BANNED =
      Pattern.compile(
          "\\?(no_esc|eval|eval_json|interpret|new|api)\\b|uuid\\(|timestamp\\(|\"hashicorp/random\"|\\.now\\b");

  @Test
  void noTemplateUsesEscapeHatchesOrNonDeterministicFunctions() throws IOException {
    List<String> findings = new ArrayList<>();
    for (Path template : templates()) {
      List<String> lines = Files.readAllLines(template, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        if (BANNED.matcher(lines.get(i)).find()) {
          findings.add(TEMPLATES.relativize(template) + ":" + (i + 1) + ": " + lines.get(i).trim());
        }
      }
    }
    assertEquals(List.of(), findings);
  }

  @Test
  void everyTerraformTemplateSelectsTheHclOutputFormat() throws IOException {
    List<String> missing = new ArrayList<>();
    for (Path template : templates()) {
      String name = template.getFileName().toString();
      if (name.endsWith(".tf.ftl") || name.equals("lib.ftl")) {
        String first = Files.readAllLines(template, StandardCharsets.UTF_8).get(0);
        if (!first.startsWith("<#ftl output_format=\"HCL\"")) {
          missing.add(TEMPLATES.relativize(template).toString());
        }
      }
    }
    assertEquals(List.of(), missing);
  }

  private static List<Path> templates() throws IOException {
    try (Stream<Path> walk = Files.walk(TEMPLATES)) {
      return walk.filter(p -> p.toString().endsWith(".ftl")).sorted().toList();
    }
  }
}
